"""The JSON-schema constraint engines (serving/constraints.py): each constrains the embedded model's
answers to the schema in process, the served and offline vLLM paths are configured with the same engine
(compact JSON where vLLM can), and the run config chooses one by name."""

from __future__ import annotations

import json

import pytest

from fmrepair.registry import UnknownName
from fmrepair.serving.constraints import CONSTRAINTS, vllm_config
from fmrepair.serving.toolcall import DEMO_TOOL_SCHEMA


@pytest.mark.parametrize("engine", ["llguidance", "xgrammar", "outlines"])
def test_each_engine_keeps_the_embedded_model_to_the_schema(engine: str) -> None:
    pytest.importorskip("transformers")
    pytest.importorskip({"llguidance": "llguidance", "xgrammar": "xgrammar", "outlines": "outlines_core"}[engine],
                        reason=f"the {engine} engine is not installed (scripts/install_models.sh)")
    jsonschema = pytest.importorskip("jsonschema")
    from fmrepair.serving import ChatMessage, Sampling, get_model

    model = get_model("smollm2-135m", constraint=engine)
    ask = [ChatMessage(role="user", content="Call run_alloy_analyzer on a model with one sig and run {}.")]
    for seed in (1, 2):
        reply = model.chat(ask, DEMO_TOOL_SCHEMA, Sampling(temperature=0.7, max_tokens=160, seed=seed)).first
        assert reply.finish_reason == "stop", reply.text
        jsonschema.validate(json.loads(reply.text), DEMO_TOOL_SCHEMA)
        assert reply.parsed is not None and reply.parse_error is None


def test_the_vllm_paths_use_the_same_engine_with_compact_json() -> None:
    from fmrepair.serving.server import ServerConfig

    assert vllm_config("llguidance") == {"backend": "guidance", "disable_any_whitespace": True}
    assert vllm_config("outlines") == {"backend": "outlines", "disable_any_whitespace": False}
    cmd = ServerConfig(model_path="/m", served_name="m", constraint="xgrammar").command("python")
    assert json.loads(cmd[cmd.index("--structured-outputs-config") + 1]) == vllm_config("xgrammar")
    with pytest.raises(UnknownName, match="did you mean 'xgrammar'"):
        vllm_config("xgramar")


def test_the_run_config_chooses_the_engine() -> None:
    import yaml
    from typer.testing import CliRunner

    from fmrepair.cli import app

    assert set(CONSTRAINTS.names()) >= {"llguidance", "xgrammar", "outlines"}
    run = CliRunner().invoke(app, ["bench", "run", "--suite", "arepair", "--strategy", "single-gf",
                                   "--constraint", "outlines", "--print-config"])
    assert run.exit_code == 0, run.output
    assert yaml.safe_load(run.stdout)["constraint"] == "outlines"
    bad = CliRunner().invoke(app, ["bench", "run", "--suite", "arepair", "--strategy", "single-gf",
                                   "--constraint", "outline", "--print-config"])
    assert bad.exit_code == 2 and "did you mean 'outlines'" in bad.output
