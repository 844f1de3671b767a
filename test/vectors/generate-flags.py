"""Writes flags.json: the shared flag test vectors, from this second, independent implementation of
docs/flags.md (Python standard library only). Run: python3 test/vectors/generate-flags.py"""
import hashlib
import json
import math
import os


def bucket(key, person, salt=""):
    return int(hashlib.sha1(f"{key}.{person}{salt}".encode("utf-8")).hexdigest()[:15], 16) / 16**15


def numeric(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    if not isinstance(value, str) or value.strip() == "":
        return None
    try:
        parsed = float(value.strip())
    except ValueError:
        return None  # JS Number() also reads "0x1f", "1e3", "Infinity": keep vectors to plain decimals
    return parsed if math.isfinite(parsed) else None


def text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def equals(actual, expected):
    return numeric(actual) == expected if isinstance(expected, (int, float)) else text(actual) == expected


def rule_matches(rule, properties):
    actual = properties.get(rule["property"])
    op, value = rule["op"], rule.get("value")
    if op == "is_set":
        return actual is not None
    if op == "eq":
        return actual is not None and value is not None and equals(actual, value)
    if op == "neq":
        return actual is None or value is None or not equals(actual, value)
    if op == "contains":
        return actual is not None and isinstance(value, str) and value in text(actual)
    if op in ("gt", "lt"):
        number = None if actual is None else numeric(actual)
        if number is None or not isinstance(value, (int, float)):
            return False
        return number > value if op == "gt" else number < value
    return False


def evaluate(flag, person):
    if not flag["active"]:
        return False
    if not all(rule_matches(rule, person["properties"]) for rule in flag["targeting"].get("user_properties", [])):
        return False
    if flag["rollout_percentage"] < 100 and bucket(flag["key"], person["id"]) >= flag["rollout_percentage"] / 100:
        return False
    if not flag["variants"]:
        return True
    v, cumulative, last = bucket(flag["key"], person["id"], "variant"), 0, False
    for variant in flag["variants"]:
        if variant["weight"] <= 0:
            continue
        cumulative += variant["weight"]
        last = variant["key"]
        if v < cumulative / 100:
            return variant["key"]
    return last


def flag(key, active=True, rollout=100, variants=(), rules=None):
    targeting = {} if rules is None else {"user_properties": rules}
    return {"key": key, "active": active, "rollout_percentage": rollout, "variants": [{"key": k, "weight": w} for k, w in variants], "targeting": targeting}


AB = [("control", 50), ("test", 50)]
THREE = [("a", 34), ("b", 33), ("c", 33)]
UNICODE_IDS = ["ü-ñ", "用户-42", "🚀-launch", "e\u0301-nfd", "\u00e9-nfc", "مستخدم", "👩‍💻", "tab\there", "u" * 200]

CASES = [
    ("boolean flag, everyone", flag("beta"), "user-1", {}),
    ("inactive flag is false", flag("beta", active=False), "user-1", {}),
    ("rollout 80: out (bucket 0.9168…)", flag("new-checkout", rollout=80), "user-1", {}),
    ("rollout 80: in (bucket 0.7859…)", flag("new-checkout", rollout=80), "user-2", {}),
    ("rollout 0 is false for everyone", flag("new-checkout", rollout=0), "user-2", {}),
    ("fractional rollout 91.7: in", flag("new-checkout", rollout=91.7), "user-1", {}),
    ("fractional rollout 91.6: out", flag("new-checkout", rollout=91.6), "user-1", {}),
    ("a/b: test", flag("pricing-test", variants=AB), "user-1", {}),
    ("a/b: control", flag("pricing-test", variants=AB), "device-abc", {}),
    ("three-way split", flag("pricing-test", variants=THREE), "user-1", {}),
    ("weight-0 variants are skipped", flag("pricing-test", variants=[("never", 0), ("control", 50), ("off", 0), ("test", 50)]), "device-abc", {}),
    ("one variant at 100", flag("pricing-test", variants=[("only", 100)]), "user-1", {}),
    ("rollout and variants", flag("pricing-test", rollout=50, variants=AB), "user-1", {}),
    ("eq string matches", flag("beta", rules=[{"property": "plan", "op": "eq", "value": "pro"}]), "user-1", {"plan": "pro"}),
    ("eq string is case-sensitive", flag("beta", rules=[{"property": "plan", "op": "eq", "value": "pro"}]), "user-1", {"plan": "Pro"}),
    ("eq string matches a boolean as text", flag("beta", rules=[{"property": "beta", "op": "eq", "value": "true"}]), "user-1", {"beta": True}),
    ("eq number matches a numeric string", flag("beta", rules=[{"property": "seats", "op": "eq", "value": 10}]), "user-1", {"seats": "10.0"}),
    ("eq needs the property", flag("beta", rules=[{"property": "plan", "op": "eq", "value": "pro"}]), "user-1", {}),
    ("neq matches an absent property", flag("beta", rules=[{"property": "plan", "op": "neq", "value": "free"}]), "user-1", {}),
    ("neq refuses an equal number", flag("beta", rules=[{"property": "seats", "op": "neq", "value": 3}]), "user-1", {"seats": 3}),
    ("contains is a substring", flag("beta", rules=[{"property": "email", "op": "contains", "value": "@acme."}]), "user-1", {"email": "ana@acme.io"}),
    ("gt with a numeric string", flag("beta", rules=[{"property": "seats", "op": "gt", "value": 10}]), "user-1", {"seats": "50"}),
    ("gt with a non-numeric string", flag("beta", rules=[{"property": "seats", "op": "gt", "value": 10}]), "user-1", {"seats": "many"}),
    ("gt with a blank string", flag("beta", rules=[{"property": "seats", "op": "gt", "value": -1}]), "user-1", {"seats": " "}),
    ("lt with a number", flag("beta", rules=[{"property": "age", "op": "lt", "value": 18}]), "user-1", {"age": 17.5}),
    ("is_set", flag("beta", rules=[{"property": "plan", "op": "is_set"}]), "user-1", {"plan": ""}),
    ("every rule must hold", flag("beta", rules=[{"property": "plan", "op": "eq", "value": "pro"}, {"property": "seats", "op": "gt", "value": 10}]), "user-1", {"plan": "pro", "seats": 5}),
    ("rules, then rollout, then variant", flag("pricing-test", rollout=90, variants=AB, rules=[{"property": "plan", "op": "eq", "value": "pro"}]), "user-1", {"plan": "pro"}),
] + [(f"id {json.dumps(pid, ensure_ascii=False)}", flag("pricing-test", rollout=70, variants=THREE), pid, {}) for pid in UNICODE_IDS] + [
    ("flag key with . and :", flag("team.checkout:v2", variants=AB), "user-1", {}),
]

BUCKETS = [("new-checkout", "user-1", ""), ("new-checkout", "user-2", ""), ("new-checkout", "user-1", "variant"), ("pricing-test", "device-abc", ""),
           ("pricing-test", "device-abc", "variant"), ("pricing-test", "user-1", "variant"), ("beta", "ü-ñ", "")] + [("pricing-test", pid, "variant") for pid in UNICODE_IDS]

# SHA-1 inputs around the 55/56/64-byte padding boundaries and with multi-byte characters.
HASHES = ["", "abc", "a" * 55, "a" * 56, "a" * 63, "a" * 64, "ü" * 40, "🚀" * 33, "x" * 1000]


def main():
    out = {
        "format": "docs/flags.md#test-vectors",
        "generated_by": "test/vectors/generate-flags.py",
        "sha1": [{"input": s, "utf8_bytes": len(s.encode("utf-8")), "hex": hashlib.sha1(s.encode("utf-8")).hexdigest()} for s in HASHES],
        "buckets": [
            {"flag_key": k, "person_id": p, "salt": s, "hex15": hashlib.sha1(f"{k}.{p}{s}".encode("utf-8")).hexdigest()[:15], "bucket": bucket(k, p, s)}
            for k, p, s in BUCKETS
        ],
        "evaluations": [
            {
                "description": d,
                "flag": f,
                "person": {"id": pid, "properties": props},
                "expected": {"bucket": bucket(f["key"], pid), "variant_bucket": bucket(f["key"], pid, "variant"), "value": evaluate(f, {"id": pid, "properties": props})},
            }
            for d, f, pid, props in CASES
        ],
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "flags.json")
    with open(path, "w", encoding="utf-8") as file:
        json.dump(out, file, ensure_ascii=False, indent=2)
        file.write("\n")


main()
