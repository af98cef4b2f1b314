"""fmrepair.serving"""
