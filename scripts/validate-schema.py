#!/usr/bin/env python3
"""Validates spec files against docs/kinetype-spec.schema.json with the jsonschema package
(Draft 2020-12). Usage: validate-schema.py SCHEMA FILE... ; prints one line a file,
"ok PATH" or "invalid PATH: reason", and exits 1 if any file is invalid."""
import json
import sys

import jsonschema
import yaml


def load(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return json.loads(text) if path.endswith(".json") else yaml.safe_load(text)


def main():
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    failed = 0
    for path in sys.argv[2:]:
        errors = sorted(validator.iter_errors(load(path)), key=lambda e: str(list(e.absolute_path)))
        if errors:
            failed += 1
            best = jsonschema.exceptions.best_match(errors)
            where = "/".join(str(p) for p in best.absolute_path)
            print(f"invalid {path}: {where}: {best.message[:200]}")
        else:
            print(f"ok {path}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
