"""Drawing and writing PDFs: fonts, ReportLab canvases, Jinja/WeasyPrint, output files."""
