#!/usr/bin/python3
"""Validates JSON files against a JSON Schema (draft 2020-12) with Python's
`jsonschema` package, as a third-party reader would (`SchemaCheck`).

Usage: schema-check.py SCHEMA FILE...
Prints one line per violation (`FILE: PATH: MESSAGE`), then `checked N`.
"""
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1], encoding="utf-8"))
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)
for name in sys.argv[2:]:
    for error in validator.iter_errors(json.load(open(name, encoding="utf-8"))):
        print(name + ": " + error.json_path + ": " + error.message[:200])
print("checked", len(sys.argv) - 2)
