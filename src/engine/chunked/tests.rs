use super::*;

#[test]
fn indexes_across_chunks_and_truncates() {
    let mut v = ChunkedVec::default();
    for i in 0..10_000 {
        v.push(i);
    }
    assert_eq!((v[0], v[4095], v[4096], v[9999]), (0, 4095, 4096, 9999));
    v.truncate(4096);
    assert_eq!((v.len(), v.last()), (4096, Some(&4095)));
    assert_eq!(v.pop(), Some(4095));
    assert_eq!(
        v.iter().copied().sum::<usize>(),
        (0..4095usize).sum::<usize>()
    );
    assert!(
        v.bytes() <= 4096 * std::mem::size_of::<usize>() + 256,
        "spare room is at most one chunk"
    );
    v.truncate(0);
    assert!(v.is_empty() && v.last().is_none() && v.pop().is_none());
}

#[test]
#[should_panic(expected = "index out of bounds")]
fn reading_past_the_end_panics() {
    let mut v = ChunkedVec::default();
    (0..5000).for_each(|i| v.push(i));
    assert_eq!(v[4999], 4999);
    let _ = v[5000];
}

#[test]
fn truncates_to_any_length() {
    for len in [0, 1, 4095, 4096, 4097, 8191, 8192, 9000, 10_000] {
        let mut v: ChunkedVec<usize> = ChunkedVec::default();
        (0..10_000).for_each(|i| v.push(i));
        v.truncate(len);
        assert_eq!(v.len(), len);
        assert!(v.iter().copied().eq(0..len), "truncated to {len}");
        v.push(7);
        assert_eq!(v[len], 7);
    }
}

#[test]
fn appends_slices_across_chunk_boundaries() {
    // Pushes, slices and padded appends mixed, against a plain vector.
    let mut v = ChunkedVec::default();
    let mut plain = Vec::new();
    let block: [u32; 64] = std::array::from_fn(|i| i as u32);
    for round in 0..600u32 {
        let len = (round as usize * 7) % 65;
        match round % 3 {
            0 => v.extend_padded(&block, len),
            1 => v.extend_from_slice(&block[..len]),
            _ => v.push(round),
        }
        match round % 3 {
            2 => plain.push(round),
            _ => plain.extend_from_slice(&block[..len]),
        }
        assert_eq!(v.len(), plain.len());
    }
    assert!(plain.len() > 3 * CHUNK, "the appends fill several chunks");
    assert!(v.iter().eq(plain.iter()));
    v.extend_from_slice(&vec![5; 2 * CHUNK + 3]);
    assert_eq!(v.len(), plain.len() + 2 * CHUNK + 3);
    assert_eq!(v.last(), Some(&5));
}

#[test]
fn appending_slices_fills_chunks_as_pushing_does() {
    let (mut pushed, mut extended, mut padded) = (
        ChunkedVec::default(),
        ChunkedVec::default(),
        ChunkedVec::default(),
    );
    let mut next = 0u32;
    // Lengths that land on, just before and just after chunk boundaries, and span chunks.
    for len in (0..300).map(|i| (i * 37) % 70).chain([4096, 5000, 1, 8191]) {
        let values: Vec<u32> = (next..next + len).collect();
        next += len;
        values.iter().for_each(|&v| pushed.push(v));
        extended.extend_from_slice(&values);
        for piece in values.chunks(16) {
            let mut window = [u32::MAX; 16];
            window[..piece.len()].copy_from_slice(piece);
            padded.extend_padded(&window, piece.len());
        }
        assert_eq!(extended, pushed);
        assert_eq!(padded, pushed);
    }
    assert!(
        padded.iter().copied().eq(0..next),
        "no padding is ever seen"
    );
    assert!(padded.bytes() <= padded.len() * 4 + 4096 * 4 + 256);
}

#[test]
fn pushing_if_room_never_grows_or_seals() {
    let mut v = ChunkedVec::default();
    assert!(!v.push_if_room(0u8), "an empty tail has no room yet");
    let (mut refused, mut model) = (0, Vec::new());
    for i in 0..3 * 4096u32 {
        let b = i as u8;
        let (len, bytes, sealed) = (v.len(), v.bytes(), v.full.len());
        if v.push_if_room(b) {
            assert_eq!((v.bytes(), v.full.len()), (bytes, sealed), "at {len}");
        } else {
            refused += 1;
            assert!(len.is_multiple_of(4096) || v.tail.len() == v.tail.capacity());
            v.push(b);
        }
        assert_eq!(v.len(), len + 1);
        model.push(b);
    }
    assert!(v.iter().eq(model.iter()));
    assert!(refused < 20, "refused only to grow or seal: {refused}");
}

#[test]
fn the_first_chunk_starts_with_its_first_room_and_doubles() {
    let mut v = ChunkedVec::default();
    let mut rooms = Vec::new();
    for i in 0..CHUNK as u32 + 1 {
        v.push(i);
        if rooms.last() != Some(&v.tail.capacity()) {
            rooms.push(v.tail.capacity());
        }
    }
    assert_eq!(rooms, [FIRST_ROOM, 512, 1024, 2048, CHUNK]);
}

proptest::proptest! {
    /// Pushes, slices, padded appends, pops and cuts in any order hold what a plain vector
    /// holds, and the tail never has room for more than a chunk (a push relies on it).
    #[test]
    fn the_tail_never_has_more_room_than_a_chunk(
        ops in proptest::collection::vec((0u8..5, 0usize..5000), 1..60)
    ) {
        let mut v = ChunkedVec::default();
        let mut plain: Vec<u32> = Vec::new();
        let block: [u32; 24] = std::array::from_fn(|i| i as u32);
        for (op, n) in ops {
            match op {
                0 => (0..n as u32).for_each(|i| {
                    v.push(i);
                    plain.push(i);
                }),
                1 => {
                    let values: Vec<u32> = (0..n as u32).collect();
                    v.extend_from_slice(&values);
                    plain.extend_from_slice(&values);
                }
                2 => {
                    let len = n % 25;
                    v.extend_padded(&block, len);
                    plain.extend_from_slice(&block[..len]);
                }
                3 => {
                    proptest::prop_assert_eq!(v.pop(), plain.pop());
                }
                _ => {
                    let len = plain.len().saturating_sub(n);
                    v.truncate(len);
                    plain.truncate(len);
                }
            }
            proptest::prop_assert!(v.tail.capacity() <= CHUNK);
            proptest::prop_assert_eq!(v.len(), plain.len());
        }
        proptest::prop_assert!(v.iter().eq(plain.iter()));
    }
}

#[test]
fn appending_leaves_a_clones_chunks_as_they_were() {
    let mut live = ChunkedVec::default();
    (0..4090u32).for_each(|i| live.push(i as u8));
    let keyframe = live.clone();
    live.extend_padded(&[7; 16], 10);
    live.extend_from_slice(&[9; 5000]);
    assert_eq!(keyframe.len(), 4090);
    assert!(keyframe.iter().copied().eq((0..4090).map(|i| i as u8)));
    assert_eq!(
        (live.len(), live[4095], live[4100], live[9099]),
        (9100, 7, 9, 9)
    );
}

#[test]
fn a_clone_shares_full_chunks_and_copies_them_only_on_write() {
    let mut live = ChunkedVec::default();
    (0..10_000u32).for_each(|i| live.push(i));
    let keyframe = live.clone();
    assert_eq!(live.shared_bytes(), 2 * 4096 * 4);
    assert!(
        std::ptr::eq(&live[5], &keyframe[5]),
        "a full chunk is shared, not copied"
    );
    live[5] = 99;
    live[9_999] = 98;
    live.push(97);
    assert_eq!(
        (keyframe[5], keyframe[9_999], keyframe.len()),
        (5, 9_999, 10_000)
    );
    assert_eq!((live[5], live[9_999], live[10_000]), (99, 98, 97));
    assert!(!std::ptr::eq(&live[5], &keyframe[5]));
    assert!(
        std::ptr::eq(&live[4096], &keyframe[4096]),
        "an untouched chunk stays shared"
    );
    assert_ne!(live, keyframe);
    live.truncate(10_000);
    live[5] = 5;
    live[9_999] = 9_999;
    assert_eq!(live, keyframe);
}
