"""The table's CA certificate for a device to install (companion/web/tls.py), so its browser stops warning.

Android (Settings > Security > Install a certificate > CA certificate) and iOS
(a downloaded profile, then Settings > General > About > Certificate Trust
Settings) both take a DER file served as application/x-x509-ca-cert. The CA
certificate is public by nature; its private key never leaves the server's
folder.
"""

from __future__ import annotations

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from flask import Blueprint, Response, abort, current_app
from flask_babel import gettext as _

bp = Blueprint("certificate", __name__)


@bp.get("/table-certificate.crt")
def authority():
    """Return the table's CA certificate (DER), or 404 when the server speaks plain http."""
    tls = current_app.config.get("TLS")
    if tls is None:
        abort(404, description=_("This server speaks plain http: there is no certificate to install."))
    cert = x509.load_pem_x509_certificate(tls.ca.read_bytes())
    return Response(cert.public_bytes(serialization.Encoding.DER), mimetype="application/x-x509-ca-cert",
                    headers={"Content-Disposition": 'attachment; filename="table-companion-ca.crt"'})
