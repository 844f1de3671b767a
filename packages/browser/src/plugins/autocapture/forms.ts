import type { Plugin } from '../../core/client.js';
import { isBlocked } from '../../dom/element.js';
import { NO_CAPTURE } from '../../dom/no-capture.js';

/** The names of the fields of `form` (not inside a no-capture element), in document order, each once. Never their values. */
export function fieldNames(form: HTMLFormElement): string[] {
  const names: string[] = [];
  for (const field of Array.from(form.querySelectorAll('input,select,textarea'))) {
    const name = field.getAttribute('name');
    if (name && !field.closest(NO_CAPTURE) && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * `$form_submit` for every form submitted on the page: `$form_id`, `$form_name`, `$form_action`,
 * `$form_method` (attributes, read with getAttribute so a field named `id` or `action` cannot stand in
 * for them) and `$form_fields`, the field names. Never a field's value. A form inside a no-capture
 * element is not captured.
 */
export const forms: Plugin = {
  name: 'forms',
  setup: (client) => {
    const onSubmit = (event: SubmitEvent): void => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || isBlocked(form)) return;
      const props: Record<string, string | string[]> = { $form_fields: fieldNames(form) };
      for (const attribute of ['id', 'name', 'action', 'method']) {
        const value = form.getAttribute(attribute);
        if (value) props[`$form_${attribute}`] = value;
      }
      client.track('$form_submit', props);
    };
    document.addEventListener('submit', onSubmit, true);
    return () => document.removeEventListener('submit', onSubmit, true);
  },
};
