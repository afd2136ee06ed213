// The preview page's files, embedded when the tool is built: the binary needs no file beside it.
#include "CPreviewPage.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char html[] = {
#embed "Page/page.html"
};
static const unsigned char css[] = {
#embed "Page/page.css"
};
static const unsigned char js[] = {
#embed "Page/page.js"
};

kt_preview_file kt_preview_page_html(void) { return (kt_preview_file){html, sizeof html}; }
kt_preview_file kt_preview_page_css(void) { return (kt_preview_file){css, sizeof css}; }
kt_preview_file kt_preview_page_js(void) { return (kt_preview_file){js, sizeof js}; }
