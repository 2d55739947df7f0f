"""Runs recipe-scrapers (the peers' import library) over saved pages, for bench/import-pages.ts --compare.

A development tool only: never part of the product. Reads JSON lines on stdin, {"id", "host", "html"}, and writes one
JSON line per page on stdout, {"id", "fields": {...}} or {"id", "error": "..."}. The library's source folder (the one
holding the `recipe_scrapers` package) is put first on sys.path by the caller (PYTHONPATH), so the version measured is
the source fetched, not whatever pip may have installed.

Mode (argv[1]):
  sites    as recipe-scrapers' own tests call it: the page's host picks its scraper written for that site, schema.org
           only where it has none (its "wild mode").
  generic  schema.org only, for every page, as for a site it has no scraper for: what the library reads with no code
           per site, the bar a reader with none is measured against.
"""

import json
import sys

from recipe_scrapers import SCRAPERS, scrape_html
from recipe_scrapers._exceptions import StaticValueException

FIELDS = [
    "title",
    "yields",
    "ingredients",
    "instructions_list",
    "prep_time",
    "total_time",
    "image",
    "canonical_url",
    "site_name",
]
# A host no scraper is written for: the library then reads the page's schema.org data only.
UNKNOWN_HOST = "https://recipe-book.invalid/"


def value(scraper, name):
    try:
        return getattr(scraper, name)()
    except StaticValueException as e:
        return e.return_value
    except Exception:  # a field the page does not give: the library raises, the field is left out
        return None


def read(page, mode):
    host = page["host"]
    if mode == "sites" and host in SCRAPERS:
        scraper = scrape_html(page["html"], org_url=host, supported_only=True)
    else:
        scraper = scrape_html(page["html"], org_url=UNKNOWN_HOST, supported_only=False)
    fields = {name: value(scraper, name) for name in FIELDS}
    groups = value(scraper, "ingredient_groups") or []
    fields["ingredient_groups"] = [
        {"purpose": g.purpose, "ingredients": list(g.ingredients)} for g in groups
    ]
    return fields


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "sites"
    if mode not in ("sites", "generic"):
        sys.exit("mode must be 'sites' or 'generic'")
    for line in sys.stdin:
        if not line.strip():
            continue
        page = json.loads(line)
        try:
            out = {"id": page["id"], "fields": read(page, mode)}
        except Exception as e:  # no recipe found: the page counts as not imported
            out = {"id": page["id"], "error": f"{type(e).__name__}: {e}"[:200]}
        sys.stdout.write(json.dumps(out, default=str) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
