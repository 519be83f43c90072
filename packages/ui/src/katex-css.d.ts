// KaTeX's stylesheet, imported by the math chunk for its side effect (the app's bundler emits it).
declare module 'katex/dist/katex.min.css';
