"""The run viewer: a static, self-contained HTML site over run folders (`fmrepair bench view`)."""
