// The mapping dialog: kblend's 22 joints, each beside a list of the file's
// (or the character's) joints to pick from. It opens with what automatic
// mapping found, and resolves with the user's map ({ kblendJoint: joint })
// or null when dismissed.

function option(value, text) {
  const node = document.createElement('option');
  node.value = value;
  node.textContent = text;
  return node;
}

/**
 * @param {object} options
 * @param {string[]} options.kblendJoints  kblend's joint names, in order
 * @param {string[]} options.required  the joints an import cannot do without
 * @param {string[]} options.joints  the file's joints to pick from
 * @param {object} [options.mapped]  kblendJoint → joint the automatic pass picked:
 *   each select starts there (the rest at "— none —")
 * @param {string} options.title
 * @returns {Promise<object|null>}
 */
export function openJointMapDialog({ kblendJoints, required, joints, mapped, title }) {
  const dialog = document.createElement('dialog');
  dialog.className = 'joint-map-dialog';
  dialog.setAttribute('aria-label', 'map joints');
  const heading = document.createElement('h3');
  heading.textContent = title;
  const table = document.createElement('table');
  const selects = {};
  for (const name of kblendJoints) {
    const row = table.insertRow();
    const label = row.insertCell();
    label.textContent = name;
    if (required.includes(name)) label.className = 'required';
    const select = document.createElement('select');
    select.setAttribute('aria-label', `file joint for ${name}`);
    select.append(option('', '— none —'), ...joints.map((j) => option(j, j)));
    // the automatic pass's pick, listed even when the joint list lacks it
    const pick = mapped?.[name] ?? '';
    if (pick && !joints.includes(pick)) select.append(option(pick, pick));
    select.value = pick;
    selects[name] = select;
    row.insertCell().append(select);
  }
  // buttons close the dialog themselves: no form (the page's policy
  // allows no form submission)
  const button = (text) => {
    const node = Object.assign(document.createElement('button'), {
      type: 'button',
      textContent: text,
    });
    node.addEventListener('click', () => dialog.close(text));
    return node;
  };
  dialog.append(heading, table, button('apply'), button('cancel'));
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      const map = Object.fromEntries(
        Object.entries(selects)
          .filter(([, select]) => select.value !== '')
          .map(([name, select]) => [name, select.value]),
      );
      dialog.remove();
      resolve(dialog.returnValue === 'apply' ? map : null);
    });
  });
}
