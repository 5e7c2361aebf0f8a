import { describe, expect, it } from 'vitest';
import { contentMarkdown } from '../../src/integrations/content-markdown.mjs';

const render = async (markdown: string) => (await (await contentMarkdown.createRenderer({})).render(markdown, {})).code;

describe('content pages are Markdown only', () => {
  it('shows a script in a FAQ heading as words, never as markup', async () => {
    const html = await render('## </script><script>alert(document.domain)</script>\n\nThe answer.');
    expect(html).not.toMatch(/<\/?script/i);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(document.domain)&lt;/script&gt;</h2>');
  });

  it('shows HTML blocks and event handlers as written', async () => {
    const html = await render('<script>fetch("/api")</script>\n\nHello <span onmouseover="steal()">there</span>.\n\n<div>\n<img src=x onerror=alert(1)>\n</div>');
    expect(html).not.toMatch(/<(script|span|div|img)\b/i);
    expect(html).toContain('<p>&lt;script&gt;fetch("/api")&lt;/script&gt;</p>');
    expect(html).toContain('<p>Hello &lt;span onmouseover="steal()"&gt;there&lt;/span&gt;.</p>');
  });

  it('leads a javascript: or data: link nowhere, and keeps the site’s and the web’s links', async () => {
    const html = await render(
      '[a](javascript:alert(1)) [b](<java\tscript:alert(2)>) <javascript:alert(3)> ![c](data:image/svg+xml,x) [d][ref]\n\n[ref]: JavaScript:alert(4)\n\n[FAQ](/pc/faq) [web](https://example.com) [mail](mailto:help@servauto.my)',
    );
    expect(html).not.toMatch(/(?:href|src)="(?:javascript|data):/i);
    expect(html.match(/href=""/g)).toHaveLength(4);
    expect(html).toContain('<img src="" alt="c"');
    expect(html).toContain('<a href="/pc/faq">FAQ</a>');
    expect(html).toContain('<a href="https://example.com">web</a>');
    expect(html).toContain('<a href="mailto:help@servauto.my">mail</a>');
  });

  it('keeps Markdown as it was, and comments show nothing', async () => {
    const html = await render('Call **us** on {{phone}}. <!-- a note for editors -->\n\n- one\n- two');
    expect(html.trim()).toBe('<p>Call <strong>us</strong> on {{phone}}. </p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
  });
});
