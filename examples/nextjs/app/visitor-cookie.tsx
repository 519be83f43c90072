'use client';
// Runs in the browser as the page loads, before any chat can send: every request of the page then names its visitor.
import { ensureVisitor } from './visitor';

ensureVisitor();

/** Renders nothing: importing it in the layout is what makes the visitor cookie. */
export function VisitorCookie() {
  return null;
}
