// External (not inline) so the Content-Security-Policy can stay script-src 'self'.
parent.postMessage(location.href, location.origin);
