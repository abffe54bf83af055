import type { common as en } from '../en/common.ts';

/** Teks yang dipakai bersama oleh beberapa widget. */
export const common: Record<keyof typeof en, string> = {
  'common.copy': 'Salin',
  'common.copied': 'Tersalin.',
  'common.copyFailed': 'Gagal menyalin: browser menolak akses ke clipboard.',
  'common.keepEdits': 'Pertahankan suntingan saya',
  'common.spec': 'spesifikasi: {section}',
  'common.newTab': '(terbuka di tab baru)',
  'common.json.item': 'item',
  'common.json.items': 'item',
  'common.json.key': 'kunci',
  'common.json.keys': 'kunci',
  'common.json.cutNotShown': '({n} karakter lagi tidak ditampilkan)',
  'common.json.cut': '({n} karakter lagi)',
  'common.home.title': 'Jalankan di komputer Anda',
  'common.home.intro': 'Butuh Node.js 22 atau lebih baru. Unduh server persis seperti yang Anda punya sekarang (beserta suntingan Anda), lalu jalankan:',
  'common.home.download': 'Unduh {file}',
  'common.home.downloadZip': 'Unduh {file} (zip berisi {count} file)',
  'common.home.unzip': 'Ekstrak dulu; perintahnya dijalankan dari folder hasil ekstraksi.',
  'common.home.copyCommand': 'Salin perintah',
  'common.home.failed': 'Unduhan tidak bisa disiapkan: {why}',
  'common.home.notInEngine': '{file} tidak ada di antara file engine',
  'common.home.unreadable': '{path} meng-import {specifier}, yang tidak bisa dibaca',
  'common.home.noFiles': 'tidak ada file untuk dikemas',
  'common.home.outside': '{path} berada di luar {root}',
  'common.home.outsideEntry': '{path} berada di luar folder entry',
};
