"""The table's certificate: made once beside the database, kept across a restart, good for this machine's
names and LAN addresses, and what `companion serve` speaks https with (issue 31)."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from cryptography import x509

from companion.web.tls import ensure_certificate, lan_addresses, machine_names, tls_directory

ROOT = Path(__file__).resolve().parents[2]


def _names(path: Path) -> set[str]:
    cert = x509.load_pem_x509_certificate(path.read_bytes())
    return {str(n.value) for n in cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value}


def test_the_certificate_is_kept_beside_the_database_and_reused(tmp_path):
    folder = tls_directory(tmp_path / "companion.db")
    assert folder == tmp_path / "companion-tls"
    first = ensure_certificate(folder)
    again = ensure_certificate(folder)  # a restart
    assert again.fingerprint == first.fingerprint and len(first.fingerprint.split(":")) == 32
    assert (folder / "key.pem").stat().st_mode & 0o077 == 0, "the private key is readable by others"
    names = _names(folder / "server-cert.pem")
    assert {"localhost", "127.0.0.1", "::1", *lan_addresses()} <= names, names


def test_a_new_address_gets_a_new_certificate_from_the_same_authority(tmp_path):
    folder = tmp_path / "t-tls"
    first = ensure_certificate(folder, ["localhost", "127.0.0.1"])
    ca = (folder / "ca.pem").read_bytes()
    moved = ensure_certificate(folder, ["localhost", "127.0.0.1", "192.168.77.5"])
    assert moved.fingerprint != first.fingerprint and (folder / "ca.pem").read_bytes() == ca
    assert {"localhost", "127.0.0.1", "192.168.77.5"} <= _names(folder / "server-cert.pem")
    assert ensure_certificate(folder, ["192.168.77.5"]).fingerprint == moved.fingerprint  # a subset: kept


def test_garbage_in_the_folder_is_a_sentence(tmp_path):
    from companion.errors import CompanionError

    folder = tmp_path / "x-tls"
    folder.mkdir()
    (folder / "ca.pem").write_text("not a certificate")
    (folder / "ca-key.pem").write_text("nor a key")
    with pytest.raises(CompanionError, match="not the table's certificate"):
        ensure_certificate(folder)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(db: Path, *extra: str, last: str = "Host screen") -> tuple[subprocess.Popen, list[str]]:
    """Start `companion serve` on free ports; return it and what it printed up to the line starting with `last`."""
    port, http_port = _free_port(), _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--db", str(db), *extra, "--host", "127.0.0.1",
                             "--port", str(port), "--http-port", str(http_port)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if line.startswith(last):
            break
    assert lines and lines[-1].startswith(last), "\n".join(lines)
    proc.ports = (port, http_port)
    _wait_listening(port)
    return proc, lines


def _wait_listening(port: int) -> None:
    """The console line comes before uvicorn listens: wait until it accepts."""
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    proc.stdout.close()


def _get(url: str, cafile: Path | None = None) -> tuple[int, bytes]:
    context = ssl.create_default_context(cafile=str(cafile)) if cafile else None
    with urllib.request.urlopen(url, context=context, timeout=20) as answer:
        return answer.status, answer.read()


def test_serve_speaks_https_with_the_kept_certificate_and_http_for_watching_screens(tmp_path):
    db = tmp_path / "companion.db"
    proc, lines = _serve(db, "--new-game", "--players", "Ann,Ben,Cat")
    try:
        port, http_port = proc.ports
        text = "\n".join(lines)
        join = next(line.strip() for line in lines if "?t=" in line)
        assert join.startswith(f"https://127.0.0.1:{port}/g/"), text
        game = join.split("/g/")[1].split("?")[0]
        kept = ensure_certificate(tls_directory(db), ["127.0.0.1"])
        assert kept.fingerprint in text, "the console does not show the certificate's fingerprint"
        assert f"https://127.0.0.1:{port}/table-certificate.crt" in text
        status, body = _get(f"https://127.0.0.1:{port}/g/{game}/state.json", cafile=kept.ca)  # the CA trusted: no warning
        assert status == 200 and b'"players"' in body
        with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):  # untrusted: the browser's warning
            urllib.request.urlopen(f"https://127.0.0.1:{port}/g/{game}/state.json", context=ssl.create_default_context(), timeout=20)
        status, _body = _get(f"http://127.0.0.1:{http_port}/g/{game}")  # a wall that cannot accept the certificate
        assert status == 200
        status, host = _get(f"http://127.0.0.1:{http_port}/g/{game}/host/")
        assert kept.fingerprint.encode() in host and join.encode() in host  # the host screen's join link (and QR) is https
        status, der = _get(f"https://127.0.0.1:{port}/table-certificate.crt", cafile=kept.ca)
        assert x509.load_der_x509_certificate(der).subject == x509.load_pem_x509_certificate(kept.ca.read_bytes()).subject
    finally:
        _stop(proc)
    proc, lines = _serve(db, "--game", game)  # a restart: the same certificate, so no device is asked again
    try:
        assert kept.fingerprint in "\n".join(lines)
        assert _get(f"https://127.0.0.1:{proc.ports[0]}/g/{game}/state.json", cafile=kept.ca)[0] == 200
    finally:
        _stop(proc)


def test_ctrl_c_stops_https_serve_at_once_with_a_screen_still_connected(tmp_path):
    """Ctrl-C while a device keeps its https connection open, idle or on the event stream: the server stops in a
    moment. A TLS close waits for the client's own close_notify, which an idle browser or a phone that left the
    Wi-Fi never sends; uvicorn waited its whole graceful 10 s for such connections before it gave up on them."""
    db = tmp_path / "companion.db"
    proc, lines = _serve(db, "--new-game", "--players", "Ann,Ben,Cat")
    held = []
    try:
        port, _http_port = proc.ports
        game = next(line.strip() for line in lines if "?t=" in line).split("/g/")[1].split("?")[0]
        context = ssl._create_unverified_context()  # the certificate is another test's subject
        idle = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=20)
        idle.request("GET", f"/g/{game}/state.json")
        assert idle.getresponse().read()  # answered; the connection stays open, kept alive and idle
        stream = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=20)
        stream.request("GET", f"/g/{game}/stream")
        assert stream.getresponse().status == 200  # a screen's live event stream, open and never read again
        held += [idle, stream]
        begun = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
        stopped_in = time.monotonic() - begun
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        for connection in held:
            connection.close()
    assert proc.returncode == 0, out
    assert "graceful shutdown exceeded" not in out, out
    assert stopped_in < 5, f"Ctrl-C took {stopped_in:.1f} s to stop the server"


def test_no_tls_serves_plain_http_as_before(tmp_path):
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--db", str(tmp_path / "c.db"), "--new-game",
                             "--players", "Ann,Ben,Cat", "--host", "127.0.0.1", "--port", str(port), "--no-tls"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    try:
        out = ""
        while "Host screen" not in out:
            line = proc.stdout.readline()
            assert line, out
            out += line
        assert f"http://127.0.0.1:{port}/g/" in out and "https://" not in out
        _wait_listening(port)
        assert _get(f"http://127.0.0.1:{port}/g/" + out.split("/g/")[1].split("?")[0])[0] == 200
        assert not (tmp_path / "c-tls").exists()
    finally:
        _stop(proc)


def test_machine_names_cover_loopback_and_the_hostname():
    names = machine_names(("table.example",))
    assert names[:3] == ["localhost", "127.0.0.1", "::1"] and socket.gethostname().lower() in names
    assert "table.example" in names


def test_the_club_server_speaks_https_too(tmp_path):
    db = tmp_path / "club.db"
    proc, lines = _serve(db, "--club", last="Organiser's view")
    try:
        port, http_port = proc.ports
        text = "\n".join(lines)
        kept = ensure_certificate(tls_directory(db), ["127.0.0.1"])
        assert f"https://127.0.0.1:{port}/club" in text and kept.fingerprint in text
        assert f"http://127.0.0.1:{http_port}/club" in text  # the organiser's view on this machine: no warning
        assert _get(f"https://127.0.0.1:{port}/club", cafile=kept.ca)[0] == 200
    finally:
        _stop(proc)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # asgi.listen_socket leaves a socket that failed to bind to the collector
def test_a_taken_plain_http_port_is_one_sentence(tmp_path, capsys):
    from companion.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        status = main(["serve", "--db", str(tmp_path / "c.db"), "--new-game", "--players", "Ann,Ben,Cat",
                       "--host", "127.0.0.1", "--port", str(_free_port()), "--http-port", str(busy)])
    err = capsys.readouterr().err
    assert status == 1 and "--http-port 0 for none" in err and "Traceback" not in err, err
