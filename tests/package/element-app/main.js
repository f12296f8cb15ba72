// A page that imports kblend/element by name (importing it defines the
// element); reports the element's state to window.kblendElementResult.
import { ELEMENT_NAME, KBlendPreview } from 'kblend/element';

async function main() {
  const el = document.getElementById('one');
  if (!(el instanceof KBlendPreview)) throw new Error(`${ELEMENT_NAME} is not defined`);
  if (!el.params)
    await new Promise((resolve) => el.addEventListener('ready', resolve, { once: true }));
  const t0 = el.currentTime;
  // playing advances the time; a loaded machine may draw few frames a second
  for (let waited = 0; el.currentTime === t0 && waited < 10000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  window.kblendElementResult = {
    gesture: el.gesture,
    attack: el.attack,
    advanced: el.currentTime !== t0,
    drawn: el.drawCount,
    bar: Boolean(el.shadowRoot.querySelector('.bar')),
  };
}

main().catch((error) => {
  window.kblendElementResult = { error: String(error?.stack ?? error) };
});
