"""Documentation examples: vendors' published sample keys printed by Nim, D and C#."""

import programs as p
from registry import category

category("doc", "doc-example-keys", 12)(p.doc_examples)
