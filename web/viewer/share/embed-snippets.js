// The share folder's snippets for other pages: an <iframe> of the viewer's
// embed page (embed.html, the figure and a play bar) opening the current
// link, and a <kblend-preview> element with the current tuning as its
// attributes (the link's parameters by name; a custom gesture rides along
// as the element's `link` with its cg= part). Copied with one click each.
import { NUMERIC_PARAMS } from '../../link/params.js';

const ELEMENT_CHOICES = ['shape', 'follower'];
const EMBED_SIZE = { width: 480, height: 360 };

// A value inside a double-quoted HTML attribute.
export function escapeAttribute(value) {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The embed page's URL for the viewer's URL (its hash is the link). */
function embedUrl(viewerUrl) {
  const url = new URL('embed.html', viewerUrl);
  url.hash = new URL(viewerUrl).hash;
  return url.href;
}

function iframeSnippet(viewerUrl) {
  const { width, height } = EMBED_SIZE;
  return (
    `<iframe src="${escapeAttribute(embedUrl(viewerUrl))}" width="${width}" height="${height}" ` +
    `title="kblend gesture preview" loading="lazy" style="border:0"></iframe>`
  );
}

/**
 * @param {object} params  the shareable params (gesture and tuning)
 * @param {string} [extra]  a custom gesture's `cg=…`, or ''
 */
function elementSnippet(params, extra = '') {
  const names = ['gesture', ...Object.keys(NUMERIC_PARAMS), ...ELEMENT_CHOICES];
  const attributes = names
    .filter((name) => params[name] !== undefined)
    .map((name) => `${name}="${escapeAttribute(params[name])}"`);
  if (extra) attributes.push(`link="${escapeAttribute(`#v=1&${extra}`)}"`);
  return `<kblend-preview ${attributes.join(' ')} autoplay loop controls></kblend-preview>`;
}

/**
 * The share folder's copy actions beside "copy link".
 * @param {object} options
 * @param {() => string} options.url  the viewer's link (written first)
 * @param {() => { params: object, extra: string }} options.shown  what a snippet carries
 * @param {object} options.notice  the page's notice
 */
export function createSnippetActions({ url, shown, notice }) {
  async function copy(what, text) {
    let copied = true;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      copied = false;
    }
    notice.show(copied ? `${what} copied.` : `Copy this ${what}:`, [text]);
  }
  return {
    copyEmbed: () => copy('Embed snippet', iframeSnippet(url())),
    copyElement: () => {
      const { params, extra } = shown();
      return copy('Element snippet', elementSnippet(params, extra));
    },
  };
}
