"""``python -m fmrepair.train ...`` (and ``accelerate launch -m fmrepair.train lora ...`` on GPUs)."""

from fmrepair.train.cli import train_app

if __name__ == "__main__":
    train_app(prog_name="fmrepair train")
