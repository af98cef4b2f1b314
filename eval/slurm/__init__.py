"""SLURM job scripts for fmrepair: render, submit, shard a benchmark over an array, merge the shards.

Templates live in ``templates/`` (Jinja, StrictUndefined). Nothing here imports a model backend.
"""
