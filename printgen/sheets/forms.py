"""Form fields for fillable sheets (filled in later)."""


def add_fields(data, fields):
    return data
