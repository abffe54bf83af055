import type { counter as en } from '../en/counter.ts';

/** Teks berbahasa Indonesia untuk area counter (kunci `counter.*`). */
export const counter: Record<keyof typeof en, string> = {
  'counter.label': 'Integrasi dengan dan tanpa protokol bersama',
  'counter.title': 'Berapa banyak integrasi?',
  'counter.apps': 'Aplikasi AI (N)',
  'counter.systems': 'Sistem yang dihubungkan (M)',
  'counter.slider': '{label} (penggeser)',
  'counter.bad': 'Masukkan integer dari {min} sampai {max}. Sampai saat itu, hitungan memakai {last}.',
  'counter.without': 'Tanpa protokol bersama: {apps} × {systems} = {n} konektor, satu untuk setiap pasangan.',
  'counter.with': 'Dengan satu protokol: {apps} + {systems} = {n} implementasi, satu untuk setiap sisi.',
  'counter.saved': 'Hemat: {n} integrasi.',
  'counter.even': 'Belum ada penghematan: dengan jumlah sekecil ini, kedua cara sama mahalnya.',
  'counter.costs': 'Dengan jumlah sekecil ini, protokol justru butuh {n} lebih banyak; keuntungannya terasa saat N dan M bertambah.',
};
