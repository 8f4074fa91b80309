;; The rank intervals' pair kernel (lib/metrics/rank-intervals/kernel/kernel.ts loads it): for
;; pairs of systems whose centred bootstrap replicates were rounded to a common grid of 16-bit
;; integers, Σ_r (q_i[r] − q_j[r])² and max_r |q_i[r] − q_j[r]|, exactly, eight resamples per
;; SIMD instruction (i16x8.sub, i32x4.dot_i16x8_s, i16x8.abs / max_s), four pairs per pass over a
;; row's vector.
;;
;; Assembled by scripts/assemble-wasm.mjs (wabt) at install, build and test time into
;; lib/generated/wasm/pair-kernel.ts, twice: as written (a memory of its own) and with the memory
;; import made shared (`1 65536 shared`: several threads' instances on one memory,
;; lib/server/leaderboard/pair-threads.ts). kernel.test.ts checks both against plain JavaScript.
;;
;; block(a, b, ni, nj, outS, outM, rowStride, stride): vectors are `stride` bytes (lanes · 2, a
;; multiple of 16, zero-padded); for jb = 0, 4, … < nj and i < ni, the four pairs
;; (a + i·stride, b + (jb + t)·stride), t < 4. Results: the sum of squares as an f64 at
;; outS + 8·(i·rowStride + jb + t) and (block only) the largest difference as an i32 at
;; outM + 4·(…). blockSq is block without the largest difference. Each 32-bit lane of a sum
;; stays exact for |q| ≤ quantLevels(B) (kernel.ts).
(module
  (memory (import "env" "memory") 1)

  ;; the four 32-bit lanes of a sum of squares, added (each < 2³¹: exact in f64)
  (func $sum (param $v v128) (result f64)
    (f64.add
      (f64.add
        (f64.convert_i32_u (i32x4.extract_lane 0 (local.get $v)))
        (f64.convert_i32_u (i32x4.extract_lane 1 (local.get $v))))
      (f64.add
        (f64.convert_i32_u (i32x4.extract_lane 2 (local.get $v)))
        (f64.convert_i32_u (i32x4.extract_lane 3 (local.get $v))))))

  ;; the largest of eight 16-bit lanes (each ≥ 0): halves, quarters, eighths
  (func $largest (param $v v128) (result i32)
    (local.set $v (i16x8.max_s (local.get $v)
      (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $v) (local.get $v))))
    (local.set $v (i16x8.max_s (local.get $v)
      (i8x16.shuffle 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 (local.get $v) (local.get $v))))
    (local.set $v (i16x8.max_s (local.get $v)
      (i8x16.shuffle 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 (local.get $v) (local.get $v))))
    (i16x8.extract_lane_u 0 (local.get $v)))

  (func $block (export "block")
    (param $a i32) (param $b i32) (param $ni i32) (param $nj i32)
    (param $outS i32) (param $outM i32) (param $rowStride i32) (param $stride i32)
    (local $jb i32) (local $i i32) (local $pa i32) (local $end i32) (local $o i32)
    (local $c0 i32) (local $c1 i32) (local $c2 i32) (local $c3 i32)
    (local $va v128) (local $d v128)
    (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local $m0 v128) (local $m1 v128) (local $m2 v128) (local $m3 v128)
    (loop $columns
      (local.set $i (i32.const 0))
      (loop $rows
        ;; row i's vector, and the four columns jb … jb + 3
        (local.set $pa (i32.add (local.get $a) (i32.mul (local.get $i) (local.get $stride))))
        (local.set $end (i32.add (local.get $pa) (local.get $stride)))
        (local.set $c0 (i32.add (local.get $b) (i32.mul (local.get $jb) (local.get $stride))))
        (local.set $c1 (i32.add (local.get $c0) (local.get $stride)))
        (local.set $c2 (i32.add (local.get $c1) (local.get $stride)))
        (local.set $c3 (i32.add (local.get $c2) (local.get $stride)))
        (local.set $s0 (v128.const i32x4 0 0 0 0))
        (local.set $m0 (v128.const i32x4 0 0 0 0))
        (local.set $s1 (v128.const i32x4 0 0 0 0))
        (local.set $m1 (v128.const i32x4 0 0 0 0))
        (local.set $s2 (v128.const i32x4 0 0 0 0))
        (local.set $m2 (v128.const i32x4 0 0 0 0))
        (local.set $s3 (v128.const i32x4 0 0 0 0))
        (local.set $m3 (v128.const i32x4 0 0 0 0))
        (loop $chunks
          (local.set $va (v128.load (local.get $pa)))
          (local.set $d (i16x8.sub (local.get $va) (v128.load (local.get $c0))))
          (local.set $s0 (i32x4.add (local.get $s0) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
          (local.set $m0 (i16x8.max_s (local.get $m0) (i16x8.abs (local.get $d))))
          (local.set $d (i16x8.sub (local.get $va) (v128.load (local.get $c1))))
          (local.set $s1 (i32x4.add (local.get $s1) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
          (local.set $m1 (i16x8.max_s (local.get $m1) (i16x8.abs (local.get $d))))
          (local.set $d (i16x8.sub (local.get $va) (v128.load (local.get $c2))))
          (local.set $s2 (i32x4.add (local.get $s2) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
          (local.set $m2 (i16x8.max_s (local.get $m2) (i16x8.abs (local.get $d))))
          (local.set $d (i16x8.sub (local.get $va) (v128.load (local.get $c3))))
          (local.set $s3 (i32x4.add (local.get $s3) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
          (local.set $m3 (i16x8.max_s (local.get $m3) (i16x8.abs (local.get $d))))
          (local.set $c0 (i32.add (local.get $c0) (i32.const 16)))
          (local.set $c1 (i32.add (local.get $c1) (i32.const 16)))
          (local.set $c2 (i32.add (local.get $c2) (i32.const 16)))
          (local.set $c3 (i32.add (local.get $c3) (i32.const 16)))
          (br_if $chunks (i32.lt_u (local.tee $pa (i32.add (local.get $pa) (i32.const 16))) (local.get $end))))
        ;; result o = i·rowStride + jb, the four columns at o … o + 3
        (local.set $o (i32.add (i32.mul (local.get $i) (local.get $rowStride)) (local.get $jb)))
        (f64.store offset=0 (i32.add (local.get $outS) (i32.shl (local.get $o) (i32.const 3))) (call $sum (local.get $s0)))
        (f64.store offset=8 (i32.add (local.get $outS) (i32.shl (local.get $o) (i32.const 3))) (call $sum (local.get $s1)))
        (f64.store offset=16 (i32.add (local.get $outS) (i32.shl (local.get $o) (i32.const 3))) (call $sum (local.get $s2)))
        (f64.store offset=24 (i32.add (local.get $outS) (i32.shl (local.get $o) (i32.const 3))) (call $sum (local.get $s3)))
        (i32.store offset=0 (i32.add (local.get $outM) (i32.shl (local.get $o) (i32.const 2))) (call $largest (local.get $m0)))
        (i32.store offset=4 (i32.add (local.get $outM) (i32.shl (local.get $o) (i32.const 2))) (call $largest (local.get $m1)))
        (i32.store offset=8 (i32.add (local.get $outM) (i32.shl (local.get $o) (i32.const 2))) (call $largest (local.get $m2)))
        (i32.store offset=12 (i32.add (local.get $outM) (i32.shl (local.get $o) (i32.const 2))) (call $largest (local.get $m3)))
        (br_if $rows (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $ni))))
      (br_if $columns (i32.lt_u (local.tee $jb (i32.add (local.get $jb) (i32.const 4))) (local.get $nj)))))

  (func $blockSq (export "blockSq")
    (param $a i32) (param $b i32) (param $ni i32) (param $nj i32)
    (param $outS i32) (param $outM i32) (param $rowStride i32) (param $stride i32)
    (local $jb i32) (local $i i32) (local $pa i32) (local $end i32) (local $o i32)
    (local $c0 i32) (local $c1 i32) (local $c2 i32) (local $c3 i32)
    (local $va v128) (local $d v128)
    (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (loop $columns
      (local.set $i (i32.const 0))
      (loop $rows
        ;; row i's vector, and the four columns jb … jb + 3
        (local.set $pa (i32.add (local.get $a) (i32.mul (local.get $i) (local.get $stride))))
        (local.set $end (i32.add (local.get $pa) (local.get $stride)))
        (local.set $c0 (i32.add (local.get $b) (i32.mul (local.get $jb) (local.get $stride))))
        (local.set $c1 (i32.add (local.get $c0) (local.get $stride)))
        (local.set $c2 (i32.add (local.get $c1) (local.get $stride)))
        (local.set $c3 (i32.add (local.get $c2) (local.get $stride)))
        (local.set $s0 (v128.const i32x4 0 0 0 0))
        (local.set $s1 (v128.const i32x4 0 0 0 0))
        (local.set $s2 (v128.const i32x4 0 0 0 0))
        (local.set $s3 (v128.const i32x4 0 0 0 0))
        (loop $chunks
          (local.set $va (v128.load (local.get $pa)))
          (local.set $d (i16x8.sub (local.get $va) (v128.load (local.get $c0))))
          (local.set $s0 (i32x4.add (local.get $s0) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
          (local.set $d (i16x8.sub (local.get $va) (v128.load (local.get $c1))))
          (local.set $s1 (i32x4.add (local.get $s1) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
          (local.set $d (i16x8.sub (local.get $va) (v128.load (local.get $c2))))
          (local.set $s2 (i32x4.add (local.get $s2) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
          (local.set $d (i16x8.sub (local.get $va) (v128.load (local.get $c3))))
          (local.set $s3 (i32x4.add (local.get $s3) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
          (local.set $c0 (i32.add (local.get $c0) (i32.const 16)))
          (local.set $c1 (i32.add (local.get $c1) (i32.const 16)))
          (local.set $c2 (i32.add (local.get $c2) (i32.const 16)))
          (local.set $c3 (i32.add (local.get $c3) (i32.const 16)))
          (br_if $chunks (i32.lt_u (local.tee $pa (i32.add (local.get $pa) (i32.const 16))) (local.get $end))))
        ;; result o = i·rowStride + jb, the four columns at o … o + 3
        (local.set $o (i32.add (i32.mul (local.get $i) (local.get $rowStride)) (local.get $jb)))
        (f64.store offset=0 (i32.add (local.get $outS) (i32.shl (local.get $o) (i32.const 3))) (call $sum (local.get $s0)))
        (f64.store offset=8 (i32.add (local.get $outS) (i32.shl (local.get $o) (i32.const 3))) (call $sum (local.get $s1)))
        (f64.store offset=16 (i32.add (local.get $outS) (i32.shl (local.get $o) (i32.const 3))) (call $sum (local.get $s2)))
        (f64.store offset=24 (i32.add (local.get $outS) (i32.shl (local.get $o) (i32.const 3))) (call $sum (local.get $s3)))
        (br_if $rows (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $ni))))
      (br_if $columns (i32.lt_u (local.tee $jb (i32.add (local.get $jb) (i32.const 4))) (local.get $nj))))))
