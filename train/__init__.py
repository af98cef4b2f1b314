"""fmrepair.train"""
