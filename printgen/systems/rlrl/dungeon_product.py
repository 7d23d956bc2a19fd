"""The dungeon product's entry: the ten-level campaign, rolled, then printed."""

from __future__ import annotations

from ...products import Request
from . import campaign, campaign_pdf


def generate(request: Request) -> campaign.Campaign:
    return campaign.generate(request.code, request.options["rooms"])


def render(built: campaign.Campaign, request: Request) -> bytes:
    return campaign_pdf.render(built, request)
