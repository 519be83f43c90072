import type { Metadata } from 'next';
import type { ReactNode } from 'react';
// The kit's stylesheet, once, in the root layout (a server component may import it).
import '@agent-chat/ui/styles.css';
import './globals.css';
import { VisitorCookie } from './visitor-cookie';

export const metadata: Metadata = {
  title: 'agent-chat-kit · Next.js',
  description: 'A chat with a Genkit agent, rendered on the server and hydrated in the browser.',
};

export default function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  return (
    <html lang="en">
      <body>
        <VisitorCookie />
        {children}
      </body>
    </html>
  );
}
