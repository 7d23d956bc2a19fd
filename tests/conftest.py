import sys
from pathlib import Path

# Let tests import their helpers (pdfutil) whichever folder pytest runs from.
sys.path.insert(0, str(Path(__file__).parent))
