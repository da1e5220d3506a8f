/** Stylesheets are imported for their side effect; Bun.build emits them as the page's CSS file. */
declare module '*.css'
