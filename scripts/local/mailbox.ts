/**
 * The dev mailbox: every email the product would send is kept here (and in .data/mail.json across
 * restarts) and shown at /_dev/mail, with a JSON view at /_dev/mail.json for tests to follow links.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

const KEEP = 500;

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text of an HTML email: links kept as "text (url)", tags dropped. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(
        /<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
        (_m, href: string, text: string) => `${text} (${href})`,
      )
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>\s*/gi, '\n\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function extractLinks(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/gi)].map((m) => decodeEntities(m[1]!));
}

export class Mailbox {
  private messages: MailMessage[] = [];
  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      try {
        this.messages = JSON.parse(readFileSync(file, 'utf8')) as MailMessage[];
      } catch {
        this.messages = [];
      }
    }
  }

  add(mail: { to: string; subject: string; html: string; text?: string }): MailMessage {
    const message: MailMessage = {
      id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text ?? htmlToText(mail.html),
      links: extractLinks(mail.html),
      sentAt: new Date().toISOString(),
    };
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, KEEP);
    if (this.file) writeFileSync(this.file, JSON.stringify(this.messages));
    return message;
  }

  /** Newest first. */
  list(): MailMessage[] {
    return [...this.messages];
  }

  serveJson(res: ServerResponse, to?: string | null): void {
    const list = to ? this.messages.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : this.messages;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(list));
  }

  serveHtml(res: ServerResponse): void {
    const items = this.messages
      .map(
        (m) => `
      <article>
        <header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(new Date(m.sentAt).toLocaleString('en-GB'))}</span></header>
        <pre>${escapeHtml(m.text)}</pre>
        ${m.links.length ? `<ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>` : ''}
      </article>`,
      )
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox - Mapnest</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1c2433}
h1{font-size:1.4rem}article{border:1px solid #d5dbe5;border-radius:8px;padding:1rem;margin:1rem 0}
header{display:flex;flex-direction:column;gap:.2rem;margin-bottom:.5rem}header span{color:#5a6478;font-size:.85rem}
pre{white-space:pre-wrap;font:inherit;margin:.5rem 0}a{color:#1456d6;word-break:break-all}</style></head>
<body><h1>Dev mailbox</h1><p>Every email the local stack would have sent, newest first. JSON: <a href="/_dev/mail.json">/_dev/mail.json</a>.</p>
${items || '<p>No emails yet.</p>'}</body></html>`);
  }
}
