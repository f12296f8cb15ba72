// A dialog with the code that reproduces the tuning shown: the JS call and
// the C initializer, each with a copy button. Text only (textContent).
import './export.css';

function codeBlock(title, onCopy) {
  const section = document.createElement('section');
  const heading = document.createElement('h3');
  heading.textContent = title;
  const code = document.createElement('pre');
  code.className = 'snippet-code';
  code.tabIndex = 0;
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.textContent = `copy ${title}`;
  copy.addEventListener('click', () => onCopy(code.textContent, copy));
  section.append(heading, code, copy);
  return { section, code };
}

export function createSnippetDialog() {
  const dialog = document.createElement('dialog');
  dialog.className = 'snippet-dialog';
  dialog.setAttribute('aria-label', 'code that reproduces this tuning');
  const copyText = async (value, button) => {
    try {
      await navigator.clipboard.writeText(value);
      button.textContent = 'copied';
    } catch {
      button.textContent = 'select the text and copy it';
    }
  };
  const js = codeBlock('JS', copyText);
  const c = codeBlock('C', copyText);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'snippet-close';
  close.textContent = 'close';
  close.addEventListener('click', () => dialog.close());
  dialog.append(js.section, c.section, close);
  document.body.append(dialog);

  return {
    element: dialog,
    show({ jsText, cText }) {
      js.code.textContent = jsText;
      c.code.textContent = cText;
      for (const button of dialog.querySelectorAll('section button')) {
        button.textContent = `copy ${button.parentElement.querySelector('h3').textContent}`;
      }
      dialog.showModal();
    },
  };
}
