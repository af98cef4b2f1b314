"""SLURM job kinds for fmrepair: render, submit, shard a benchmark over an array, merge the shards.

The sbatch templates (Jinja, StrictUndefined) live beside this code in ``templates/``. Nothing here imports
a model backend.
"""
