"""`fmrepair bench view RUN [RUN...] --out DIR`: a static HTML site over run folders (light imports here;
eval/run/cli.py adds it to the `bench` group)."""

from __future__ import annotations

from pathlib import Path

import typer


def view(
    runs: list[Path] = typer.Argument(..., help="One or more run folders (two: a paired comparison)."),
    out: Path = typer.Option(..., "--out", help="Folder for the site (index.html, tasks/*.html)."),
    root: str | None = typer.Option(None, "--root", help="Benchmark root for the runs' suite (default: as recorded)."),
    no_tasks: bool = typer.Option(
        False, "--no-tasks", help="Do not load the suite: no faulty specs, no diffs, no hidden-text secrets."
    ),
    no_graphviz: bool = typer.Option(False, "--no-graphviz", help="Draw instances with the built-in layout."),
) -> None:
    """Write a static HTML run viewer (no server, no network): sortable and filterable results, a page per
    task with every attempt, diffs, verdicts, drawn counterexamples; every page checked for hidden text."""
    from fmrepair.eval.report.viewer.guard import PageLeak
    from fmrepair.eval.report.viewer.load import ViewerInputError
    from fmrepair.eval.report.viewer.site import build_site

    try:
        rep = build_site(runs, out, root=root, with_tasks=not no_tasks, use_graphviz=not no_graphviz)
    except (ViewerInputError, FileNotFoundError) as e:
        typer.echo(f"fmrepair bench view: {e}", err=True)
        raise typer.Exit(2) from None
    except PageLeak as e:
        typer.echo(f"fmrepair bench view: refused, a page carries hidden text: {e}", err=True)
        raise typer.Exit(3) from None
    for n in rep.notes:
        typer.echo(f"note: {n}", err=True)
    typer.echo(
        f"wrote {len(rep.pages)} pages to {rep.out} (open {rep.out / 'index.html'}); hidden-text guard: "
        f"{rep.guard_pages} pages checked against {rep.secrets} secret texts of {rep.tasks_loaded} tasks"
    )
