"""fmrepair.verifiers"""
