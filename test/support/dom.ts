/**
 * What the web components' Testing Library tests (web/src/components/*.test.tsx, in jsdom) need of
 * a browser that jsdom does not have.
 */

/**
 * jsdom has <dialog> and its `open`, but neither showModal() nor close()
 * (https://github.com/jsdom/jsdom/issues/3294); ModalDialog opens with the one and closes with the
 * other. These do what a browser does that the tests can see: the dialog shown (jsdom's own
 * stylesheet hides it without `open`, and Testing Library then finds nothing in it), and on close
 * hidden again with its close event. What jsdom cannot do stays untested here: the rest of the page
 * made inert, and Tab kept inside (ModalDialog reads layout, which jsdom has none of).
 */
export function installDialog(): void {
  const dialog = HTMLDialogElement.prototype;
  dialog.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  dialog.close ??= function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}
