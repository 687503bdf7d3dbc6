use super::*;

/// A fresh folder of this test's own.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("frontier-guard-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_new_file_is_written_without_asking_whatever_the_origin() {
    let dir = folder("new");
    let target = dir.join("new.ron");
    assert_eq!(check(&target, None).unwrap(), Verdict::Write);
    let mine = dir.join("mine.ron");
    std::fs::write(&mine, "mine").unwrap();
    let origin = Origin::read(&mine).unwrap();
    assert_eq!(check(&target, Some(&origin)).unwrap(), Verdict::Write);
}

#[test]
fn an_existing_file_is_asked_about_unless_it_is_the_documents_own() {
    let dir = folder("other");
    let (mine, other) = (dir.join("mine.ron"), dir.join("other.ron"));
    std::fs::write(&mine, "mine").unwrap();
    std::fs::write(&other, "a lesson").unwrap();
    // A document from no file replaces nothing silently.
    assert_eq!(check(&mine, None).unwrap(), Verdict::Replaces);
    let origin = Origin::read(&mine).unwrap();
    assert_eq!(check(&other, Some(&origin)).unwrap(), Verdict::Replaces);
    assert_eq!(check(&mine, Some(&origin)).unwrap(), Verdict::Write);
    // The same file by another spelling of its path.
    let roundabout = dir.join(".").join("mine.ron");
    assert_eq!(check(&roundabout, Some(&origin)).unwrap(), Verdict::Write);
}

#[test]
fn the_documents_own_file_changed_on_disk_is_asked_about() {
    let dir = folder("changed");
    let mine = dir.join("mine.ron");
    std::fs::write(&mine, "as read").unwrap();
    let origin = Origin::new(&mine, b"as read");
    assert_eq!(check(&mine, Some(&origin)).unwrap(), Verdict::Write);
    // Same length, other bytes: a change the length alone would miss.
    std::fs::write(&mine, "as REAd").unwrap();
    assert_eq!(check(&mine, Some(&origin)).unwrap(), Verdict::ChangedOnDisk);
    // Deleted since: nothing to lose.
    std::fs::remove_file(&mine).unwrap();
    assert_eq!(check(&mine, Some(&origin)).unwrap(), Verdict::Write);
}

#[test]
fn a_folder_in_the_way_is_an_error_not_a_verdict() {
    let dir = folder("dir");
    assert!(check(&dir, None).is_err());
}

#[test]
fn only_a_verdict_that_would_lose_something_asks_and_names_the_file() {
    let path = Path::new("lesson.ron");
    assert_eq!(Verdict::Write.question(path, "scenario"), None);
    for verdict in [Verdict::Replaces, Verdict::ChangedOnDisk] {
        let question = verdict.question(path, "trace").unwrap();
        assert!(question.contains("lesson.ron"), "{question}");
        assert!(question.contains("trace"), "{question}");
    }
}
