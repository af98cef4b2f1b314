from fmrepair.cli import main

main()
