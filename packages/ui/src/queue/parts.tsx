/**
 * The message queue's parts (`@agent-chat/ui/queue`, `Queue.*`): the messages waiting for their turn, shown under the
 * answer, each editable, removable, movable, or sent now. Each part takes `asChild` to put its behaviour on the app's
 * own element. Data: `createMessageQueue(chat)` from `@agent-chat/core/persist`.
 */
import type { MessageQueue, QueuedMessage } from '@agent-chat/core/persist';
import { createContext, forwardRef, Fragment, useContext, useSyncExternalStore, type HTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { composeHandlers, PartButton, type AsChildProps, type PartButtonProps } from '../parts/part-button.js';
import { usePartContext } from '../parts/part-context.js';
import { Slot } from '../parts/slot.js';
import { cx } from '../util/class-names.js';

/** The words of the queue's parts (English by default). */
export interface QueueLabels {
  list: string;
  text: string;
  remove: string;
  moveUp: string;
  moveDown: string;
  sendNow: string;
}

const DEFAULT_LABELS: QueueLabels = {
  list: 'Queued messages',
  text: 'Queued message',
  remove: 'Remove from the queue',
  moveUp: 'Move up',
  moveDown: 'Move down',
  sendNow: 'Send now',
};

interface RootValue {
  queue: MessageQueue;
  items: readonly QueuedMessage[];
  labels: QueueLabels;
}

interface ItemValue {
  item: QueuedMessage;
  index: number;
}

const RootContext = createContext<RootValue | null>(null);
const ItemContext = createContext<ItemValue | null>(null);

/** The waiting messages of a queue, re-rendered on every change. */
export function useQueueItems(queue: MessageQueue): readonly QueuedMessage[] {
  return useSyncExternalStore(queue.subscribe, queue.getItems, queue.getItems);
}

/** Props of {@link Root}: the list's own props; its items come from the queue (the `children` function renders each). */
export interface RootProps extends Omit<HTMLAttributes<HTMLOListElement>, 'children'> {
  queue: MessageQueue;
  labels?: Partial<QueueLabels>;
  /** Each waiting message, as a `Queue.Item` (default: its text field, move up and down, remove, send now). */
  children?: (item: QueuedMessage, index: number) => ReactNode;
}

const defaultItem = (item: QueuedMessage, index: number) => (
  <Item item={item} index={index}>
    <Text />
    <MoveUp />
    <MoveDown />
    <Remove />
    <SendNow />
  </Item>
);

/**
 * The list of waiting messages (`<ol>`, under the answer); nothing while none waits. The list element is the kit's (its
 * items are the queue's): the parts inside each item take `asChild`.
 */
export const Root = forwardRef<HTMLOListElement, RootProps>(function QueueRoot({ queue, labels, children = defaultItem, className, ...rest }, ref) {
  const items = useQueueItems(queue);
  if (items.length === 0) return null;
  const value: RootValue = { queue, items, labels: { ...DEFAULT_LABELS, ...labels } };
  return (
    <RootContext.Provider value={value}>
      <ol aria-label={value.labels.list} {...rest} ref={ref} className={cx('acu-queue', className)}>
        {items.map((item, index) => <Fragment key={item.id}>{children(item, index)}</Fragment>)}
      </ol>
    </RootContext.Provider>
  );
});

/** Props of {@link Item}. */
export interface ItemProps extends HTMLAttributes<HTMLLIElement>, AsChildProps {
  item: QueuedMessage;
  index: number;
}

/** One waiting message (`<li>`, or with `asChild` the app's element): the parts inside it act on it. */
export const Item = forwardRef<HTMLLIElement, ItemProps>(function QueueItem({ item, index, asChild, className, children, ...rest }, ref) {
  const Element = asChild ? Slot : 'li';
  return (
    <ItemContext.Provider value={{ item, index }}>
      <Element {...rest} ref={ref as never} className={cx('acu-queue__item', className)}>
        {children}
      </Element>
    </ItemContext.Provider>
  );
});

function useItem(part: string): RootValue & ItemValue {
  const root = usePartContext(RootContext, 'Queue', part);
  const item = useContext(ItemContext);
  if (!item) throw new Error(`<Queue.${part}> must be inside <Queue.Item>`);
  return { ...root, ...item };
}

/** The message's text, editable in place (an `<input>`; each change is the queued text). */
export const Text = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & AsChildProps>(function QueueText({ asChild, className, onChange, ...rest }, ref) {
  const { queue, item, labels } = useItem('Text');
  const Element = asChild ? Slot : 'input';
  return (
    <Element aria-label={labels.text} {...rest} ref={ref as never} className={cx('acu-queue__text', className)} value={item.text}
      onChange={composeHandlers(onChange, (event) => queue.edit(item.id, (event.target as HTMLInputElement).value))} />
  );
});

/** Makes a button part acting on the item. */
function itemButton(part: string, label: keyof QueueLabels, act: (value: RootValue & ItemValue) => void, disabled?: (value: RootValue & ItemValue) => boolean) {
  const Part = forwardRef<HTMLButtonElement, PartButtonProps>(function QueueButton({ className, children, onClick, ...rest }, ref) {
    const value = useItem(part);
    return (
      <PartButton aria-label={children === undefined ? value.labels[label] : undefined} title={value.labels[label]} {...rest} ref={ref}
        className={cx(`acu-queue__${label.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`, className)} disabled={disabled?.(value)}
        onClick={composeHandlers(onClick, () => act(value))}>
        {children ?? value.labels[label]}
      </PartButton>
    );
  });
  Part.displayName = `Queue.${part}`;
  return Part;
}

/** Takes the message out of the queue. */
export const Remove = itemButton('Remove', 'remove', ({ queue, item }) => queue.remove(item.id));
/** Moves the message one place earlier (disabled for the first). */
export const MoveUp = itemButton('MoveUp', 'moveUp', ({ queue, item, index }) => queue.move(item.id, index - 1), ({ index }) => index === 0);
/** Moves the message one place later (disabled for the last). */
export const MoveDown = itemButton('MoveDown', 'moveDown', ({ queue, item, index }) => queue.move(item.id, index + 1), ({ items, index }) => index === items.length - 1);
/** Stops the running turn and sends this message next. */
export const SendNow = itemButton('SendNow', 'sendNow', ({ queue, item }) => void queue.sendNow(item.id));
