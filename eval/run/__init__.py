"""The run engine of `fmrepair bench run`: the typed run config and its generated options, the engine,
its task helpers and worker processes, resuming, progress, and the `bench` commands (docs/architecture.md
"The run engine")."""
