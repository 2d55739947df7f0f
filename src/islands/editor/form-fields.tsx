// Labelled inputs bound to react-hook-form. A message shows only while the field is invalid AND
// dirty or touched (spec section 5); the input points at it with aria-describedby.
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

type Common<T extends FieldValues> = {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  label: string;
};

function useBoundField<T extends FieldValues>({ control, name }: Common<T>) {
  const { field: bound, fieldState } = useController({ control, name });
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
  errorId: string;
  shown: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field editor-field">
      <label htmlFor={props.id}>{props.label}</label>
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
  props: Common<T> & { inputMode?: 'text' | 'numeric' | 'decimal'; autoFocus?: boolean },
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
