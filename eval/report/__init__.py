"""What is made from run folders: the Markdown reports, paired comparisons, archives, the paper tables and
the HTML viewer (`bench report | compare | archive | view`). Nothing here imports the run engine."""
