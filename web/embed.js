// The embed page (embed.html#<share link>): one <kblend-preview> with a play
// bar, reading the page's hash as its link, and again when the hash changes.
import 'kblend/element';

const preview = document.createElement('kblend-preview');
preview.setAttribute('link', location.hash || '#v=1');
preview.setAttribute('controls', '');
preview.toggleAttribute('autoplay', true);
preview.toggleAttribute('loop', true);
document.body.append(preview);
addEventListener('hashchange', () => preview.setAttribute('link', location.hash || '#v=1'));
