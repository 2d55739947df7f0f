// Labelled inputs bound to react-hook-form. A message shows only while the field is invalid AND
// dirty or touched (spec section 5); the input points at it with aria-describedby.
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

type Common<T extends FieldValues> = {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  label: string;
};

/** `deps`: fields whose message depends on this one's value, checked again when it changes. */
function useBoundField<T extends FieldValues>({ control, name, deps }: Common<T> & { deps?: Path<T>[] }) {
  const { field: bound, fieldState } = useController({ control, name, ...(deps ? { rules: { deps } } : {}) });
  // "Dirty" as the spec means it: the user changed the field, even if back to its first value
  // (react-hook-form's isDirty compares with the default, so typing then clearing a name would
  // otherwise hide 'Name is required').
  const [changed, setChanged] = useState(false);
  const field = {
    ...bound,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setChanged(true);
      bound.onChange(event);
    },
  };
  const id = useId();
  const dirty = fieldState.isDirty || changed;
  const shown = fieldState.error && (dirty || fieldState.isTouched) ? fieldState.error.message : undefined;
  const errorId = `${id}-error`;
  const aria = {
    id,
    'aria-invalid': shown ? true : undefined,
    'aria-describedby': shown ? errorId : undefined,
  } as const;
  // What every control spreads: its id and error link, and react-hook-form's binding.
  const bind = {
    ...aria,
    name: field.name,
    ref: field.ref,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
  };
  return { bind, shown, errorId, id };
}

function Wrapper(props: {
  id: string;
  label: string;
  /** Read after the label by screen readers only (' i minuter'). */
  hiddenLabel?: string | undefined;
  errorId: string;
  shown: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field editor-field">
      <label htmlFor={props.id}>
        {props.label}
        {props.hiddenLabel ? <span className="visually-hidden">{props.hiddenLabel}</span> : null}
      </label>
      {props.children}
      {props.shown ? (
        <p className="editor-field-error" id={props.errorId}>
          {props.shown}
        </p>
      ) : null}
    </div>
  );
}

export function TextField<T extends FieldValues>(
  props: Common<T> & { inputMode?: 'text' | 'numeric' | 'decimal' | 'url'; autoFocus?: boolean },
) {
  const { bind, shown, errorId, id } = useBoundField(props);
  return (
    <Wrapper id={id} label={props.label} errorId={errorId} shown={shown}>
      <input
        {...bind}
        className="input"
        type="text"
        inputMode={props.inputMode}
        autoComplete="off"
        autoFocus={props.autoFocus}
      />
    </Wrapper>
  );
}

/** Whole minutes as typed ('45'), with 'min' shown after the field. */
export function MinutesField<T extends FieldValues>(
  props: Common<T> & { unit: string; unitLong: string; deps?: Path<T>[] },
) {
  const { bind, shown, errorId, id } = useBoundField(props);
  return (
    <Wrapper id={id} label={props.label} hiddenLabel={` (${props.unitLong})`} errorId={errorId} shown={shown}>
      <span className="editor-with-unit">
        <input {...bind} className="input editor-minutes" type="text" inputMode="numeric" autoComplete="off" />
        <span className="editor-unit" aria-hidden="true">
          {props.unit}
        </span>
      </span>
    </Wrapper>
  );
}

/** A checkbox bound to a boolean field, its label after it. */
export function CheckboxField<T extends FieldValues>(props: Common<T>) {
  const { field } = useController({ control: props.control, name: props.name });
  const id = useId();
  return (
    <div className="field editor-field editor-checkbox">
      <input
        id={id}
        type="checkbox"
        name={field.name}
        ref={field.ref}
        checked={field.value === true}
        onChange={(e) => field.onChange(e.target.checked)}
        onBlur={field.onBlur}
      />
      <label htmlFor={id}>{props.label}</label>
    </div>
  );
}

export function TextAreaField<T extends FieldValues>(props: Common<T> & { rows?: number }) {
  const { bind, shown, errorId, id } = useBoundField(props);
  return (
    <Wrapper id={id} label={props.label} errorId={errorId} shown={shown}>
      <textarea {...bind} className="input" rows={props.rows ?? 8} />
    </Wrapper>
  );
}

export function SelectField<T extends FieldValues>(
  props: Common<T> & { options: readonly { value: string; label: string }[] },
) {
  const { bind, shown, errorId, id } = useBoundField(props);
  return (
    <Wrapper id={id} label={props.label} errorId={errorId} shown={shown}>
      <select {...bind} className="select">
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Wrapper>
  );
}
