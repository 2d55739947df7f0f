// The form wrapper, written once: react-hook-form driven by a shared zod schema. Both the recipe
// form and the ingredient dialog use it, so the "when does a message show" rule lives here only.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * mode 'all' validates on every change and on blur; a field's message is only *shown* when it is
 * dirty or touched (see FieldError), which is the spec's rule. Submitting runs the schema over
 * everything; `touchAll` then marks every field touched so all messages appear.
 */
export function useZodForm<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  defaultValues: DefaultValues<TValues>,
  /** false: the form moves focus itself after a refused submit (the recipe form: use-refused-save.ts). */
  shouldFocusError = true,
): UseFormReturn<TValues, unknown, TOutput> {
  return useForm<TValues, unknown, TOutput>({
    // The editor's values may carry client-only keys (row keys) that the schema strips; the
    // schema's input type therefore differs from TValues, which is why the resolver is cast.
    resolver: zodResolver(schema as never) as unknown as Resolver<TValues, unknown, TOutput>,
    defaultValues,
    mode: 'all',
    reValidateMode: 'onChange',
    shouldFocusError,
  });
}

/** Marks the given fields touched without changing their values (after an invalid submit). */
export function touchAll<TValues extends FieldValues>(
  form: UseFormReturn<TValues, unknown, unknown>,
  names: readonly Path<TValues>[],
): void {
  for (const name of names) {
    form.setValue(name, form.getValues(name), { shouldTouch: true, shouldValidate: false, shouldDirty: false });
  }
}
