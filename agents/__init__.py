"""fmrepair.agents"""
