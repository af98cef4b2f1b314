"""fmrepair.eval"""
