pub fn to_pbn(_d: &super::Decoded) -> String {
    String::new()
}
