/**
 * A search field's typing, safe with input methods (pinyin, zhuyin, kana): the text is shown as
 * it is typed, but a query is committed only when no composition is in progress, and once more
 * when one ends (the confirmed characters). Enter that confirms a composition is not a key for
 * the field (isComposingKey). Shared by the search box and the results page.
 */
import { useRef, type ChangeEvent, type CompositionEvent, type KeyboardEvent } from 'react';

export interface ImeInput {
  /** Whether an input method is composing now. */
  composing: { readonly current: boolean };
  /** Props for the <input>: onChange and the composition events. */
  inputProps: {
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onCompositionStart: () => void;
    onCompositionEnd: (event: CompositionEvent<HTMLInputElement>) => void;
  };
}

/** `onText`: every change of the field's text; `onCommit`: a query to act on (not mid-composition). */
export function useImeInput(onText: (value: string) => void, onCommit: (value: string) => void): ImeInput {
  const composing = useRef(false);
  const handlers = useRef({ onText, onCommit });
  handlers.current = { onText, onCommit };
  const inputProps = useRef<ImeInput['inputProps']>({
    onChange: (event) => {
      handlers.current.onText(event.target.value);
      if (!composing.current) handlers.current.onCommit(event.target.value);
    },
    onCompositionStart: () => {
      composing.current = true;
    },
    onCompositionEnd: (event) => {
      composing.current = false;
      handlers.current.onCommit(event.currentTarget.value);
    },
  });
  return { composing, inputProps: inputProps.current };
}

/** A key pressed while an input method composes (Enter confirming it, arrows choosing a candidate). */
export function isComposingKey(ime: ImeInput, event: KeyboardEvent<HTMLInputElement>): boolean {
  return ime.composing.current || event.nativeEvent.isComposing || event.keyCode === 229;
}
