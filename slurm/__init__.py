"""sbatch templates (Jinja, StrictUndefined) rendered by ``fmrepair slurm`` (code in fmrepair.eval.slurm)."""
