import { useRef, useState } from 'react';
import { RICH } from '../../components/ui/rich-text.tsx';
import { htmlForEditing, htmlSourceField, htmlToLines, isPlainParagraphs } from '../../lib/paragraphs.ts';
import { problemProps } from '../../lib/field-problems.tsx';
import { errorProps, FieldShell, type FormState, fieldId } from './form-fields.tsx';
import { LinkDialog } from './link-dialog.tsx';

// A small rich-text editor: an editable area and a toolbar of the browser's own editing commands.
// It only has to produce simple HTML; the server sanitizes whatever arrives before storing it.
// Without JavaScript the area cannot send what is typed: a plain text box takes its place, whose
// lines the page's action stores as paragraphs. A post that has formatting (bold, a list, a link,
// an image) would lose it as lines, so its box holds the post's HTML to edit instead, said above
// the box (docs/decisions/0034-attachments-and-success-toasts.md).

const COMMANDS: readonly { label: string; run: () => void }[] = [
  { label: '굵게', run: () => document.execCommand('bold') },
  { label: '기울임', run: () => document.execCommand('italic') },
  {
    // A toggle: a heading goes back to a paragraph.
    label: '제목',
    run: () => document.execCommand('formatBlock', false, document.queryCommandValue('formatBlock') === 'h3' ? 'p' : 'h3'),
  },
  { label: '목록', run: () => document.execCommand('insertUnorderedList') },
];

function ToolButton({ label, onPress, dialog }: { label: string; onPress: () => void; dialog?: boolean }) {
  return (
    <button
      type="button"
      aria-haspopup={dialog ? 'dialog' : undefined}
      // Keeps the selection in the area: a click would otherwise move focus to the button.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPress}
      className="min-h-10 rounded-md px-2 text-base font-semibold text-slate-700 hover:bg-slate-100"
    >
      {label}
    </button>
  );
}

/** The area's selection, or a caret at its end when the selection is elsewhere. */
function selectionIn(area: HTMLElement): Range {
  const selection = document.getSelection();
  if (selection && selection.rangeCount > 0 && area.contains(selection.anchorNode)) return selection.getRangeAt(0).cloneRange();
  const end = document.createRange();
  end.selectNodeContents(area);
  end.collapse(false);
  return end;
}

export function RichEditor({ form, name, label }: { form: FormState; name: string; label: string }) {
  const area = useRef<HTMLDivElement>(null);
  // The area keeps its own DOM after the first render: re-rendering its HTML would move the caret.
  const [initial] = useState(() => String(form.values[name] ?? ''));
  // Without JavaScript: a formatted post is edited as its HTML, a plain one as lines.
  const source = !isPlainParagraphs(initial);
  const changed = () => form.set(name, area.current?.innerHTML ?? '');
  // The selection the link dialog will link; the dialog's field takes focus and the selection.
  const [linking, setLinking] = useState<Range | null>(null);

  function openLink() {
    if (!area.current) return;
    const range = selectionIn(area.current);
    // The area holds focus while the dialog opens, so the dialog gives focus back to it.
    area.current.focus();
    setLinking(range);
  }

  function finishLink(href?: string) {
    const range = linking;
    setLinking(null);
    if (!area.current || !range) return;
    area.current.focus();
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    if (!href) return;
    document.execCommand('createLink', false, href);
    changed();
  }

  return (
    <FieldShell form={form} name={name} label={label} wide>
      <noscript>
        <style>{`#${fieldId(name)}-rich{display:none}`}</style>
        {source ? (
          <>
            <input type="hidden" name={htmlSourceField(name)} value="1" />
            <p id={`${fieldId(name)}-html-note`} className="mb-2 text-sm text-slate-600">
              서식(굵게, 목록, 링크, 사진)이 있는 글이라 HTML 그대로 고칩니다. 태그를 지우면 그 서식도 없어집니다.
            </p>
          </>
        ) : null}
        <textarea
          name={name}
          rows={10}
          defaultValue={source ? htmlForEditing(initial) : htmlToLines(initial)}
          aria-labelledby={`${fieldId(name)}-label`}
          {...problemProps(form.problems[name], fieldId(name), source ? `${fieldId(name)}-html-note` : undefined)}
          {...(source && { spellCheck: false })}
          className={`w-full rounded-lg border border-slate-300 bg-white px-3 py-2 ${source ? 'font-mono text-base' : 'text-lg'}`}
        />
      </noscript>
      <div id={`${fieldId(name)}-rich`} className="rounded-lg border border-slate-300 bg-white">
        <div role="toolbar" aria-label={`${label} 서식`} className="flex flex-wrap gap-0.5 border-b border-slate-200 p-1.5">
          {COMMANDS.map((command) => (
            <ToolButton
              key={command.label}
              label={command.label}
              onPress={() => {
                if (!area.current) return;
                if (!area.current.contains(document.getSelection()?.anchorNode ?? null)) area.current.focus();
                command.run();
                changed();
              }}
            />
          ))}
          <ToolButton label="링크" dialog onPress={openLink} />
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a textarea cannot hold formatted text */}
        <div
          ref={area}
          id={fieldId(name)}
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          data-field={name}
          aria-labelledby={`${fieldId(name)}-label`}
          contentEditable
          // Enter starts a <p>: the sanitizer drops <div>, which would run the lines together.
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          onInput={changed}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: stored content, sanitized by the server on save
          dangerouslySetInnerHTML={{ __html: initial }}
          className={`${RICH} min-h-60 px-3 py-1`}
          {...errorProps(form, name)}
        />
      </div>
      {linking ? <LinkDialog hasText={!linking.collapsed} onDone={finishLink} /> : null}
    </FieldShell>
  );
}
