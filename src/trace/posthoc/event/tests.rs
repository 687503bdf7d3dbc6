use super::*;

#[test]
fn ids_written_as_numbers_or_text_are_one_state() {
    assert_eq!(TraceId::of_text("12"), TraceId::Int(12));
    assert_eq!(TraceId::of_f64(12.0), TraceId::Int(12));
    assert_eq!(TraceId::of_text("012"), TraceId::Text("012".into()));
    assert_eq!(TraceId::of_text("a"), TraceId::Text("a".into()));
    assert_eq!(TraceId::of_f64(1.5), TraceId::Text("1.5".into()));
}

#[test]
fn yaml_scalars_read_as_yaml_reads_them() {
    assert_eq!(Value::of_text("1.0e-05"), Value::Number(1.0e-5));
    assert_eq!(Value::of_text(""), Value::Null);
    assert_eq!(Value::of_text("~"), Value::Null);
    assert_eq!(Value::of_text("0x1F"), Value::Number(31.0));
    assert_eq!(Value::of_text(".inf"), Value::Number(f64::INFINITY));
    assert_eq!(Value::of_text("inf"), Value::Bad);
    assert_eq!(Value::of_text("twelve"), Value::Bad);
}

#[test]
fn old_and_new_kind_names_are_one_kind() {
    for (old, new) in [
        ("generate", "generating"),
        ("expand", "expanding"),
        ("close", "closing"),
    ] {
        assert_eq!(EventKind::from_name(old), EventKind::from_name(new));
        assert_eq!(EventKind::from_name(new).unwrap().name(), new);
    }
    assert_eq!(EventKind::from_name("raycast"), None);
}
