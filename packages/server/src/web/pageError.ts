/**
 * What a browser opening a page address gets when the address itself is refused (a character
 * the server will not take, a broken %-escape): a small page of the site's own, in Chinese, with
 * the way home, instead of the API's JSON. Self-contained (no scripts, no styles from the build).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Paths of the API and files (never answered with a page). */
export const API_PREFIXES = ['/api/', '/openApi/', '/virtualPath/', '/ogc/'];

/** A browser asking for a page (not the API, not an asset or file). */
export function isPageRequest(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0];
  if (API_PREFIXES.some((p) => path.startsWith(p)) || path.startsWith('/assets/')) return false;
  return (req.headers.accept ?? '').includes('text/html');
}

const PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>无法打开此地址</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#1f2328;background:#f5f7fa}
main{max-width:32rem;margin:15vh auto 0;padding:2rem 1.5rem;background:#fff;border-radius:8px;text-align:center}
h1{font-size:1.375rem;margin:0 0 .75rem}
p{margin:0 0 1.5rem;line-height:1.7;color:#4b5563}
a{display:inline-block;padding:.5rem 1.25rem;border-radius:6px;background:#1061d6;color:#fff;text-decoration:none}
a:focus-visible{outline:2px solid #1061d6;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>无法打开此地址</h1>
<p>地址中含有无法识别的字符，可能是链接被截断或改动过。请从首页重新进入。</p>
<a href="/">返回首页</a>
</main>
</body>
</html>
`;

/** Answers a refused page address with the page above and the refusal's status. */
export function sendPageError(reply: FastifyReply, status: number): FastifyReply {
  return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE);
}
