"""SLURM job scripts for fmrepair: render, submit, shard a benchmark over an array, merge the shards.

Templates live in the top-level ``slurm/templates`` (package ``fmrepair.slurm``; Jinja, StrictUndefined).
Nothing here imports a model backend.
"""
