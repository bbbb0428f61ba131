"""The table's TLS certificate: made on first use, kept beside the database, so a browser grants the camera.

Browsers give a page the camera (getUserMedia) only in a secure context:
https, or http on localhost. A phone at the table reaches the server by its
LAN address, so the server speaks https with a certificate of its own. No
public authority can sign for 192.168.1.20, so the companion is its own tiny
authority: a CA made once (ca.pem: what a device installs to skip the
browser's warning for good) signs the server's certificate (cert.pem) for
this machine's names and LAN addresses. Both are kept in a folder beside the
database (companion.db -> companion-tls/), so a restart serves the same
certificate and a device accepts it once. When the machine gets a new LAN
address, only the server certificate is made again, by the same CA: a device
that installed the CA keeps trusting it.

The SHA-256 fingerprint of the server certificate is what the console and
the host screen show, to compare with the one the browser's warning page
shows (Chrome and Safari both show it under the certificate's details).
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import os
import socket
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from companion.errors import CompanionError

CA_DAYS = 3650
SERVER_DAYS = 825
"""Apple's limit for a server certificate, even one signed by a CA the user installed (iOS 13, macOS 10.15)."""
RENEW_DAYS = 30
"""A server certificate this close to its end is made again (by the same CA) at the next start."""
CA_NAME = "Table companion (this machine's own authority)"


@dataclass(frozen=True)
class TableCertificate:
    """Where the certificate files are and what to compare: the server certificate's SHA-256 fingerprint."""

    directory: Path
    cert: Path
    """The server certificate followed by the CA's (uvicorn's ssl_certfile)."""
    key: Path
    ca: Path
    """The CA certificate alone (PEM): what a device installs, and what a client trusts."""
    fingerprint: str
    """SHA-256 of the server certificate, as colon-separated hex pairs (AB:CD:...)."""
    names: tuple[str, ...]
    """The DNS names and IP addresses the server certificate is good for."""

    def uvicorn_options(self) -> dict:
        """Return uvicorn.Config's ssl options for this certificate."""
        return {"ssl_certfile": str(self.cert), "ssl_keyfile": str(self.key)}


def tls_directory(db: str | Path) -> Path:
    """Return the folder beside the database that holds the certificate (companion.db -> companion-tls/).

    A database that is not a file (a club's postgresql:// URL) keeps it in ./companion-tls.
    """
    text = str(db)
    if "://" in text:
        return Path("companion-tls").resolve()
    path = Path(text).resolve()
    return path.with_name(f"{path.stem}-tls")


def lan_addresses() -> list[str]:
    """Return this machine's IPv4 addresses other devices may use (the outward one first), loopback left out."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # nothing is sent: this only picks the outward interface
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))  # an IPv4 address (AF_INET)
    except OSError:
        pass
    return [a for i, a in enumerate(found) if a not in found[:i] and not a.startswith("127.")]


def machine_names(extra: tuple[str, ...] = ()) -> list[str]:
    """Return every name the certificate should cover: localhost, the loopback and LAN addresses, the hostname."""
    host = socket.gethostname().lower()
    names = ["localhost", "127.0.0.1", "::1", host, f"{host}.local", *lan_addresses(), *extra]
    return [n for i, n in enumerate(names) if n and n not in names[:i]]


def fingerprint(cert: x509.Certificate) -> str:
    """Return the certificate's SHA-256 fingerprint as colon-separated upper-case hex pairs."""
    digest = hashlib.sha256(cert.public_bytes(serialization.Encoding.DER)).hexdigest().upper()
    return ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))


def ensure_certificate(directory: str | Path, names: list[str] | tuple[str, ...] | None = None) -> TableCertificate:
    """Return the table's certificate in `directory`, making the CA and the server certificate on first use.

    The server certificate kept there is used as long as it covers every one of
    `names` (default: machine_names()) and is not near its end; otherwise a new one
    is made by the same CA, for the names it covered and the new ones.

    Raises:
        CompanionError: if the folder cannot be written or holds files that are not a certificate.
    """
    folder = Path(directory)
    wanted = list(names) if names is not None else machine_names()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        ca_cert, ca_key = _authority(folder)
        cert = _server_certificate(folder, wanted, ca_cert, ca_key)
    except OSError as exc:
        raise CompanionError(f"cannot keep the table's certificate in {str(folder)!r}: {exc.strerror or exc}") from None
    except ValueError:
        raise CompanionError(f"{str(folder)!r} holds files that are not the table's certificate; "
                             f"move them away and start again (a new certificate is made)") from None
    return TableCertificate(folder, folder / "cert.pem", folder / "key.pem", folder / "ca.pem", fingerprint(cert),
                            tuple(_covered(cert)))


def _authority(folder: Path) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    cert_path, key_path = folder / "ca.pem", folder / "ca-key.pem"
    if cert_path.exists() and key_path.exists():
        kept = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
        if not isinstance(kept, ec.EllipticCurvePrivateKey):
            raise ValueError(f"{key_path} is not the EC key this module makes")  # said as: files that are not the certificate
        return x509.load_pem_x509_certificate(cert_path.read_bytes()), kept
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"{CA_NAME} {socket.gethostname()}"[:64])])
    now = _now()
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=CA_DAYS))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True, content_commitment=False,
                                         key_encipherment=False, data_encipherment=False, key_agreement=False,
                                         encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .sign(key, hashes.SHA256()))
    _write(key_path, _key_pem(key), private=True)
    _write(cert_path, cert.public_bytes(serialization.Encoding.PEM))
    (folder / "server-cert.pem").unlink(missing_ok=True)  # a new CA: the old server certificate is not its own
    return cert, key


def _server_certificate(folder: Path, wanted: list[str], ca_cert: x509.Certificate, ca_key) -> x509.Certificate:
    cert_path, key_path, chain_path = folder / "server-cert.pem", folder / "key.pem", folder / "cert.pem"
    if cert_path.exists() and key_path.exists() and chain_path.exists():
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        covered = _covered(cert)
        fresh = cert.not_valid_after_utc - _now() > datetime.timedelta(days=RENEW_DAYS)
        if fresh and set(wanted) <= set(covered) and cert.issuer == ca_cert.subject:
            return cert
        wanted = covered + [n for n in wanted if n not in covered]  # an address seen before stays covered
    key = ec.generate_private_key(ec.SECP256R1())
    now = _now()
    alt = [x509.IPAddress(ipaddress.ip_address(n)) if _is_ip(n) else x509.DNSName(n) for n in wanted]
    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, (wanted[0] if wanted else "localhost")[:64])]))
            .issuer_name(ca_cert.subject).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=SERVER_DAYS))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=False, crl_sign=False, content_commitment=False,
                                         key_encipherment=False, data_encipherment=False, key_agreement=False,
                                         encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    pem = cert.public_bytes(serialization.Encoding.PEM)
    _write(key_path, _key_pem(key), private=True)
    _write(cert_path, pem)
    _write(chain_path, pem + ca_cert.public_bytes(serialization.Encoding.PEM))
    return cert


def _covered(cert: x509.Certificate) -> list[str]:
    try:
        alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return []
    return [str(n.value) for n in alt]


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _key_pem(key) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())


def _write(path: Path, data: bytes, *, private: bool = False) -> None:
    """Write a file whole (a crash leaves the old one or the new one), a key readable by this user only."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o644)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.replace(tmp, path)


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)
