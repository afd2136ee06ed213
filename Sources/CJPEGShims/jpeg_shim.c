#include "CJPEGShims.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct kt_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void kt_jpeg_fail(j_common_ptr info) {
    struct kt_jpeg_error *error = (struct kt_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

/// Warnings (a corrupt but readable stream) are not printed to stderr.
static void kt_jpeg_quiet(j_common_ptr info, int level) { (void)info; (void)level; }

int kt_jpeg_read_rgba(const char *path, uint64_t max_pixels, uint8_t **pixels, uint32_t *width, uint32_t *height,
                      char *error, size_t error_size) {
    FILE *file = fopen(path, "rb");
    if (!file) { snprintf(error, error_size, "cannot open the file"); return -1; }
    struct jpeg_decompress_struct info;
    struct kt_jpeg_error failure;
    uint8_t *volatile buffer = NULL;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = kt_jpeg_fail;
    failure.manager.emit_message = kt_jpeg_quiet;
    if (setjmp(failure.jump)) {
        snprintf(error, error_size, "%s", failure.message);
        jpeg_destroy_decompress(&info);
        fclose(file);
        free(buffer);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_EXT_RGBA;  // libjpeg-turbo converts greyscale, YCbCr and RGB
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) info.out_color_space = JCS_CMYK;
    if (max_pixels > 0 && (uint64_t)info.image_width * info.image_height > max_pixels) {
        snprintf(error, error_size, "it is %u x %u pixels, more than the limit of %llu pixels", info.image_width,
                 info.image_height, (unsigned long long)max_pixels);
        jpeg_destroy_decompress(&info);
        fclose(file);
        return -1;
    }
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    buffer = malloc(stride * info.output_height);
    if (!buffer) {
        snprintf(error, error_size, "out of memory");
        jpeg_destroy_decompress(&info);
        fclose(file);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = buffer + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    if (info.out_color_space == JCS_CMYK) {
        // Adobe's inverted CMYK, as libjpeg writes it: each channel times the key.
        for (size_t i = 0; i < stride * info.output_height; i += 4) {
            unsigned k = buffer[i + 3];
            buffer[i] = (uint8_t)(buffer[i] * k / 255);
            buffer[i + 1] = (uint8_t)(buffer[i + 1] * k / 255);
            buffer[i + 2] = (uint8_t)(buffer[i + 2] * k / 255);
            buffer[i + 3] = 255;
        }
    }
    jpeg_finish_decompress(&info);
    *width = info.output_width;
    *height = info.output_height;
    jpeg_destroy_decompress(&info);
    fclose(file);
    *pixels = buffer;
    return 0;
}
